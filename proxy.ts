// Sends page visits without a session cookie to /signin (remembering where they were going),
// and tells server components the requested path. The cookie is only checked for presence
// here; pages verify it (components/auth/current-user.ts), API routes in lib/api/handler.ts.
// A page visit renews the session cookie, so a session ends only once unused for its lifetime
// (lib/auth/renew-session-cookie.ts).
import { NextResponse, type NextRequest } from "next/server";
import { PATH_HEADER } from "@/components/auth/path-header";
import { renewSessionCookie } from "@/lib/auth/renew-session-cookie";
import { sessionCookieName } from "@/lib/auth/session-cookie";

export async function proxy(request: NextRequest) {
  // next.config.ts turns Next's own trailing-slash redirect off, so that a webhook URL or an API
  // path written with one is answered as without it (as the custom server's /hooks path does);
  // a page keeps the redirect here: /workspaces/ → 308 /workspaces.
  const { pathname } = request.nextUrl;
  if (pathname.length > 1 && pathname.endsWith("/")) {
    const url = new URL(request.url); // a plain URL: a NextURL put the slash back
    url.pathname = pathname.replace(/\/+$/, "") || "/";
    return NextResponse.redirect(url, 308);
  }
  const path = request.nextUrl.pathname + request.nextUrl.search;
  // Only the cookie name PUBLIC_URL's scheme decides (session-cookie.ts), as pages and the API read.
  const name = sessionCookieName();
  const hasSession = request.cookies.getAll().some((c) => c.name === name || c.name.startsWith(`${name}.`));
  if (!hasSession) {
    const url = new URL("/signin", request.url);
    if (request.nextUrl.pathname !== "/") url.searchParams.set("callbackUrl", path);
    return NextResponse.redirect(url);
  }
  const headers = new Headers(request.headers);
  headers.set(PATH_HEADER, path);
  const response = NextResponse.next({ request: { headers } });
  const renewed = await renewSessionCookie(request.headers.get("cookie"));
  if (renewed) response.headers.append("set-cookie", renewed);
  return response;
}

export const config = {
  // Pages only: not the API (answers 401 JSON itself), webhooks, /metrics (its own bearer
  // token), the sign-in page or assets.
  matcher: ["/((?!api/|api$|_next/|hooks/|metrics$|signin|favicon\\.ico|.*\\.[a-zA-Z0-9]+$).*)"],
};
