// Who is calling the management API: a bearer API token, or a signed-in browser session.
import { createHash } from "node:crypto";
import { db } from "@/lib/db/client";

export type AuthUser = { id: string; email: string; name: string; via: "token" | "session" };

export const hashApiToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function authenticateRequest(req: Request): Promise<AuthUser | null> {
  const header = req.headers.get("authorization");
  if (header) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) return null;
    const token = await db().apiToken.findUnique({
      where: { tokenHash: hashApiToken(m[1]) },
      select: { id: true, revokedAt: true, lastUsedAt: true, user: { select: { id: true, email: true, name: true } } },
    });
    if (!token || token.revokedAt) return null;
    // Touch lastUsedAt at most once a minute: a write per request would cost more than the request.
    if (!token.lastUsedAt || Date.now() - token.lastUsedAt.getTime() > 60_000) {
      await db().apiToken.update({ where: { id: token.id }, data: { lastUsedAt: new Date() } });
    }
    return { ...token.user, via: "token" };
  }
  return authenticateSession(req);
}

// Replaced by the session check (next-auth JWT cookie) in lib/auth/authenticate-session.ts.
async function authenticateSession(_req: Request): Promise<AuthUser | null> {
  return null;
}
