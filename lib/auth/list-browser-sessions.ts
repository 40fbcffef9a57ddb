// Where the user is signed in: their live browser sessions, most recently active first, the
// caller's own marked. Sessions from before sessions were recorded (no "sid" in the cookie) are
// not listed; they still end with "sign out everywhere" and "sign out other sessions".
import { db } from "@/lib/db/client";
import { sessionCutoff } from "@/lib/auth/session-lifetime";

export type BrowserSessionInfo = {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  ipAddress: string | null;
  current: boolean;
};

export async function listBrowserSessions(opts: { userId: string; currentSessionId?: string }): Promise<BrowserSessionInfo[]> {
  const rows = await db().browserSession.findMany({
    where: { userId: opts.userId, lastSeenAt: { gte: sessionCutoff() } },
    orderBy: { lastSeenAt: "desc" },
    select: { id: true, createdAt: true, lastSeenAt: true, userAgent: true, ipAddress: true },
  });
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    userAgent: r.userAgent,
    ipAddress: r.ipAddress,
    current: r.id === opts.currentSessionId,
  }));
}
