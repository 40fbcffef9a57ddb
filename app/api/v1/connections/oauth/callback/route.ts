// Where the provider sends the browser back after Connect (the redirect URI registered there).
// The signed-in user must be the one who started it; success leads back to the account, any
// refusal is a small page saying why (nothing stored).
import { AppError } from "@/lib/api/errors";
import { apiRoute } from "@/lib/api/handler";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { completeOAuthConnect } from "@/lib/connections/oauth/complete-oauth-connect";
import { env } from "@/lib/env";

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function errorPage(message: string): Response {
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Account not connected · MSP Flow</title></head><body style="font-family:system-ui;max-width:40rem;margin:4rem auto"><h1>Account not connected</h1><p role="alert">${escape(message)}</p><p><a href="/">Back to MSP Flow</a></p></body></html>`;
  return new Response(html, { status: 400, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}

export const GET = apiRoute(async ({ req, user }) => {
  const q = new URL(req.url).searchParams;
  try {
    const done = await completeOAuthConnect({ userId: user.id, state: q.get("state"), code: q.get("code"), error: q.get("error"), errorDescription: q.get("error_description") });
    const back = `${env().PUBLIC_URL.replace(/\/+$/, "")}/w/${done.workspaceId}/connections?connected=${encodeURIComponent(done.connectionId)}`;
    return new Response(null, { status: 303, headers: { location: back, "cache-control": "no-store" } });
  } catch (e) {
    if (e instanceof AppError && e.code === "oauth_connect_failed") return errorPage(e.message);
    throw e;
  }
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
