// next-auth's endpoints (sign-in callback, sign-out, csrf, session). Options live in lib/auth.
// Built on the first request, not at import: `next build` imports route modules, and the
// options read SECRET_KEY, which belongs to the running server, not to the build.
// Like every other /api answer, a refusal is JSON: next-auth's own text (an action it does not
// have: 400 "This action with HTTP GET is not supported by NextAuth.js") becomes the message of an
// {"error","message"} body, and a method its routes do not take is the API's 405 with Allow.
// Two handlers: one for requests that came over https behind a trusted proxy, whose cookies are
// marked Secure although PUBLIC_URL is http (lib/auth/session-cookie.ts).
import NextAuth from "next-auth";
import { arrivedOverHttps } from "@/lib/auth/arrived-over-https";
import { authOptions } from "@/lib/auth/auth-options";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

type Handler = (req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;
const handlers = new Map<boolean, Handler>();

async function nextAuth(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }): Promise<Response> {
  const overHttps = arrivedOverHttps(req.headers);
  let handler = handlers.get(overHttps);
  if (!handler) handlers.set(overHttps, (handler = NextAuth(authOptions({ overHttps })) as Handler));
  const res = await handler(req, ctx);
  if (res.status < 400 || /^application\/json\b/i.test(res.headers.get("content-type") ?? "")) return res;
  const message = (await res.text()).replace(/^Error: /, "").slice(0, 300);
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify({ error: res.status === 404 ? "not_found" : "invalid_request", message }), { status: res.status, headers });
}

export { nextAuth as GET, nextAuth as POST };
export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);
