// Sends page visits without a session cookie to /signin (remembering where they were going),
// and tells server components the requested path. The cookie is only checked for presence
// here; pages verify it (components/auth/current-user.ts), API routes in lib/api/handler.ts.
// A page visit renews the session cookie, so a session ends only once unused for its lifetime
// (lib/auth/renew-session-cookie.ts).
// Every page gets its Content-Security-Policy here, with a nonce of its own: Next reads the nonce
// from the request's policy header and puts it on its scripts (the pages therefore render per
// request: app/layout.tsx). The policy replaces next.config.ts's machine one for these paths.
import { NextResponse, type NextRequest } from "next/server";
import { PATH_HEADER } from "@/components/auth/path-header";
import { arrivedOverHttps } from "@/lib/auth/arrived-over-https";
import { renewSessionCookie } from "@/lib/auth/renew-session-cookie";
import { sessionCookieName } from "@/lib/auth/session-cookie";
import { env } from "@/lib/env";
import { pageContentSecurityPolicy } from "@/lib/security/content-security-policy";

// Reached without a session: the sign-in page itself, and files (icon.svg, favicon.ico, and a
// missing file's 404 page, which must not turn into a sign-in).
const OPEN_PATH = /^\/signin|\.[a-zA-Z0-9]+$/;

export async function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const policy = pageContentSecurityPolicy(nonce, { dev: env().NODE_ENV === "development" });
  // next.config.ts turns Next's own trailing-slash redirect off, so that a webhook URL or an API
  // path written with one is answered as without it (as the custom server's /hooks path does);
  // a page keeps the redirect here: /workspaces/ → 308 /workspaces.
  const { pathname } = request.nextUrl;
  if (pathname.length > 1 && pathname.endsWith("/")) {
    const url = new URL(request.url); // a plain URL: a NextURL put the slash back
    url.pathname = pathname.replace(/\/+$/, "") || "/";
    return withPolicy(NextResponse.redirect(url, 308), policy);
  }
  const path = request.nextUrl.pathname + request.nextUrl.search;
  // Only the cookie name PUBLIC_URL's scheme decides (session-cookie.ts), as pages and the API read.
  const name = sessionCookieName();
  const hasSession = request.cookies.getAll().some((c) => c.name === name || c.name.startsWith(`${name}.`));
  const open = OPEN_PATH.test(request.nextUrl.pathname);
  if (!hasSession && !open) {
    const url = new URL("/signin", request.url);
    if (request.nextUrl.pathname !== "/") url.searchParams.set("callbackUrl", path);
    return withPolicy(NextResponse.redirect(url), policy);
  }
  const headers = new Headers(request.headers);
  if (!open) headers.set(PATH_HEADER, path);
  headers.set("content-security-policy", policy);
  headers.set("x-nonce", nonce);
  const response = withPolicy(NextResponse.next({ request: { headers } }), policy);
  const renewed = open ? null : await renewSessionCookie(request.headers.get("cookie"), Date.now(), arrivedOverHttps(request.headers));
  if (renewed) response.headers.append("set-cookie", renewed);
  return response;
}

function withPolicy(response: NextResponse, policy: string): NextResponse {
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  // Pages only: not the API (answers 401 JSON itself), webhooks, /metrics (its own bearer
  // token) or Next's assets; those keep next.config.ts's machine policy.
  matcher: ["/((?!api/|api$|_next/|hooks/|metrics$).*)"],
};
