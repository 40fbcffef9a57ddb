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
