// Reads next-auth's session cookie (an encrypted JWT) without next-auth's request plumbing, so
// API routes, server components and the proxy all accept the same browser session.
import { decode } from "next-auth/jwt";
import { deriveKey } from "@/lib/secrets/crypto";

// next-auth names the cookie with the __Secure- prefix when the site is served over https, and
// splits a large value into numbered chunks (name.0, name.1, …).
export const SESSION_COOKIE_NAMES = ["__Secure-next-auth.session-token", "next-auth.session-token"] as const;

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

/** The session token's value from a cookie jar, chunks joined in order. */
export function sessionTokenValue(cookies: Map<string, string>): string | null {
  for (const name of SESSION_COOKIE_NAMES) {
    if (cookies.has(name)) return cookies.get(name)!;
    const chunks = [...cookies.keys()]
      .map((k) => ({ k, m: k.startsWith(`${name}.`) ? /^\d+$/.exec(k.slice(name.length + 1)) : null }))
      .filter((c) => c.m)
      .sort((a, b) => Number(a.m![0]) - Number(b.m![0]));
    if (chunks.length) return chunks.map((c) => cookies.get(c.k)).join("");
  }
  return null;
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
