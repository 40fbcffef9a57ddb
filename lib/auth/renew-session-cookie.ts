// Sliding expiry for browser sessions. next-auth writes the session cookie (and its JWT's exp)
// once, at sign-in, and renews it only from its own /api/auth/session, which this app never
// calls: a session ended 7 days after sign-in however busy its user was, while the Account page
// and the README speak of sessions ending when unused. The proxy (pages) and the API wrapper
// (lib/api/handler.ts) send a renewed cookie instead, at most every SESSION_TOUCH_MS as the
// BrowserSession row's lastSeenAt is touched, so both end SESSION_MAX_AGE after the last use.
// Renewing grants nothing: every request still checks the session's row (ended = refused).
import { decode, encode } from "next-auth/jwt";
import { parseCookieHeader, secureCookieAttribute, sessionCookieName, sessionSecret } from "@/lib/auth/session-cookie";
import { SESSION_MAX_AGE_SECONDS, SESSION_TOUCH_MS } from "@/lib/auth/session-lifetime";

/** A Set-Cookie value renewing the request's session cookie for SESSION_MAX_AGE, or null when it needs
 *  none. `overHttps`: the request came over https (arrived-over-https.ts), so the cookie is Secure. */
export async function renewSessionCookie(cookieHeader: string | null | undefined, now = Date.now(), overHttps = false): Promise<string | null> {
  const cookies = parseCookieHeader(cookieHeader);
  // A chunked cookie (name.0, name.1) would be far larger than this app's claims: left alone.
  const name = sessionCookieName();
  if (!cookies.has(name)) return null;
  try {
    const claims = await decode({ token: cookies.get(name)!, secret: sessionSecret() });
    // Only sessions with a row (sid): a cookie from before they were recorded runs out as issued.
    if (!claims || typeof claims.sid !== "string" || typeof claims.exp !== "number") return null;
    if (claims.exp * 1000 - now > SESSION_MAX_AGE_SECONDS * 1000 - SESSION_TOUCH_MS) return null;
    // iat, exp and jti are the new token's own.
    const { iat, exp, jti, ...token } = claims;
    const value = await encode({ token, secret: sessionSecret(), maxAge: SESSION_MAX_AGE_SECONDS });
    const expires = new Date(now + SESSION_MAX_AGE_SECONDS * 1000).toUTCString();
    // The attributes next-auth gives it at sign-in (auth-options.ts).
    return [`${name}=${value}`, "Path=/", `Expires=${expires}`, "HttpOnly", "SameSite=Lax", ...(secureCookieAttribute(overHttps) ? ["Secure"] : [])].join("; ");
  } catch {
    return null; // expired or forged: nothing to renew; the request is refused elsewhere
  }
}
