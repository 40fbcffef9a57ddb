// Reads next-auth's session cookie (an encrypted JWT) without next-auth's request plumbing, so
// API routes, server components and the proxy all accept the same browser session.
import { decode } from "next-auth/jwt";
import { env } from "@/lib/env";
import { deriveKey } from "@/lib/secrets/crypto";

const SECURE_NAME = "__Secure-next-auth.session-token";
const PLAIN_NAME = "next-auth.session-token";

/**
 * Whether the session cookie is the __Secure- one (Secure flag): decided by PUBLIC_URL's scheme,
 * once, for setting and reading alike. next-auth's own choice follows each request's
 * X-Forwarded-Proto, and reading both names let anyone who can plant the unprefixed cookie (plain
 * HTTP to the same host, no HSTS) sign a browser of an https site into their own account.
 */
export function usesSecureCookies(publicUrl = env().PUBLIC_URL): boolean {
  return /^https:/i.test(publicUrl); // the scheme as typed: HTTPS://… is https too
}

/**
 * Whether this request's cookies get the Secure attribute: always with an https PUBLIC_URL, and with
 * an http one when the request came over https through a trusted proxy (arrived-over-https.ts) — a
 * site behind a TLS proxy whose PUBLIC_URL was left http. The name stays the one PUBLIC_URL gives:
 * a name chosen per request would have to be read under both names, which lets a cookie planted
 * over plain HTTP sign a browser in again, and a proxy that sends the header on some requests only
 * would set one name and look for the other (signed out on every other page).
 */
export function secureCookieAttribute(overHttps: boolean, publicUrl = env().PUBLIC_URL): boolean {
  return usesSecureCookies(publicUrl) || overHttps;
}

/** The one session cookie name this server sets and reads; a large value is split into name.0, name.1, …. */
export function sessionCookieName(publicUrl = env().PUBLIC_URL): string {
  return usesSecureCookies(publicUrl) ? SECURE_NAME : PLAIN_NAME;
}

let secretCache: string | undefined;

/** The next-auth secret: derived from SECRET_KEY, never configured separately. */
export function sessionSecret(): string {
  secretCache ??= deriveKey("nextauth-session").toString("hex");
  return secretCache;
}

export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // keep the raw value; a malformed cookie simply fails to decode later
    }
    if (!out.has(name)) out.set(name, value);
  }
  return out;
}

/** The session token's value from a cookie jar (under `name` only), chunks joined in order. */
export function sessionTokenValue(cookies: Map<string, string>, name = sessionCookieName()): string | null {
  if (cookies.has(name)) return cookies.get(name)!;
  const chunks = [...cookies.keys()]
    .map((k) => ({ k, m: k.startsWith(`${name}.`) ? /^\d+$/.exec(k.slice(name.length + 1)) : null }))
    .filter((c) => c.m)
    .sort((a, b) => Number(a.m![0]) - Number(b.m![0]));
  return chunks.length ? chunks.map((c) => cookies.get(c.k)).join("") : null;
}

/**
 * sessionId: the BrowserSession row of this sign-in (the "sid" claim; absent in cookies issued
 * before sessions were recorded). sessionVersion: the user's session version when the session
 * was issued (the "sv" claim), which is what such an older cookie is checked against.
 */
export type SessionClaims = { userId: string; sessionVersion: number; sessionId?: string };

/** The signed-in user's id from a Cookie header, or null when absent, expired or forged. */
export async function readSessionCookie(cookieHeader: string | null | undefined): Promise<SessionClaims | null> {
  const token = sessionTokenValue(parseCookieHeader(cookieHeader));
  if (!token) return null;
  try {
    const claims = await decode({ token, secret: sessionSecret() });
    if (typeof claims?.sub !== "string" || !claims.sub) return null;
    const sessionId = typeof claims.sid === "string" && claims.sid.length <= 100 ? claims.sid : undefined;
    return { userId: claims.sub, sessionVersion: typeof claims.sv === "number" ? claims.sv : 0, ...(sessionId ? { sessionId } : {}) };
  } catch {
    return null;
  }
}
