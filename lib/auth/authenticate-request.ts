// Who is calling the management API: a bearer API token, or a signed-in browser session. A
// revoked token is a 401 saying so (thrown); anything else unknown is null, the caller's 401.
import { createHash } from "node:crypto";
import { db } from "@/lib/db/client";
import { unauthorized } from "@/lib/api/errors";
import { readSessionCookie } from "@/lib/auth/session-cookie";
import { SESSION_TOUCH_MS, sessionCutoff } from "@/lib/auth/session-lifetime";

/**
 * tokenId / sessionId: the API token or browser session the caller came with ("this" one).
 * mustChangePassword: signed in with a temporary password; only choosing a new one is allowed.
 */
export type AuthUser = { id: string; email: string; name: string; via: "token" | "session"; tokenId?: string; sessionId?: string; mustChangePassword: boolean };

export const hashApiToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function authenticateRequest(req: Request): Promise<AuthUser | null> {
  const header = req.headers.get("authorization");
  if (header) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) return null;
    const token = await db().apiToken.findUnique({
      where: { tokenHash: hashApiToken(m[1]) },
      select: { id: true, revokedAt: true, lastUsedAt: true, user: { select: { id: true, email: true, name: true, mustChangePassword: true } } },
    });
    if (!token) return null;
    // Said as such: told only "send a valid API token", a script's owner looked for a typo in a
    // token that had been revoked. Only the holder of the token itself learns it.
    if (token.revokedAt) throw unauthorized(`this API token was revoked on ${token.revokedAt.toISOString().slice(0, 10)} (UTC): create a new one under Account & security`);
    // Touch lastUsedAt at most once a minute: a write per request would cost more than the request.
    if (!token.lastUsedAt || Date.now() - token.lastUsedAt.getTime() > 60_000) {
      await db().apiToken.update({ where: { id: token.id }, data: { lastUsedAt: new Date() } });
    }
    return { ...token.user, via: "token", tokenId: token.id };
  }
  return authenticateSession(req);
}

/**
 * The browser session (next-auth JWT cookie). Its BrowserSession row and user are looked up on
 * every request, so a deleted account or an ended session loses access at once. Cookies are
 * SameSite=Lax; a state-changing request from another origin is refused by lib/api/handler.ts
 * (assert-same-origin.ts) once it is known to come with a session rather than a token.
 */
export async function authenticateSession(req: Request): Promise<AuthUser | null> {
  return userFromSessionCookie(req.headers.get("cookie"));
}

/** The signed-in user of a Cookie header (server components pass the incoming request's). */
export async function userFromSessionCookie(cookieHeader: string | null | undefined): Promise<AuthUser | null> {
  const claims = await readSessionCookie(cookieHeader);
  if (!claims) return null;
  if (claims.sessionId) {
    const session = await db().browserSession.findUnique({
      where: { id: claims.sessionId },
      select: { lastSeenAt: true, user: { select: { id: true, email: true, name: true, mustChangePassword: true } } },
    });
    if (!session || session.user.id !== claims.userId || session.lastSeenAt < sessionCutoff()) return null;
    if (Date.now() - session.lastSeenAt.getTime() > SESSION_TOUCH_MS) {
      await db().browserSession.updateMany({ where: { id: claims.sessionId }, data: { lastSeenAt: new Date() } });
    }
    return { ...session.user, via: "session", sessionId: claims.sessionId };
  }
  // A cookie from before sessions were recorded: valid while the user's session version is
  // the one it was issued under ("sign out everywhere" raises it).
  const user = await db().user.findUnique({ where: { id: claims.userId }, select: { id: true, email: true, name: true, sessionVersion: true, mustChangePassword: true } });
  if (!user || user.sessionVersion !== claims.sessionVersion) return null;
  return { id: user.id, email: user.email, name: user.name, via: "session", mustChangePassword: user.mustChangePassword };
}
