// A successful browser sign-in: records the session (its id goes into the cookie as "sid") with
// what the user needs to recognise it later in their sessions list. The user's expired rows go
// at the same time, so the table holds little more than the live sessions.
import { db } from "@/lib/db/client";
import { sessionCutoff } from "@/lib/auth/session-lifetime";

export async function startBrowserSession(opts: { userId: string; userAgent: string | null; ipAddress: string | null }): Promise<string> {
  const [, row] = await db().$transaction([
    db().browserSession.deleteMany({ where: { userId: opts.userId, lastSeenAt: { lt: sessionCutoff() } } }),
    db().browserSession.create({
      data: { userId: opts.userId, userAgent: opts.userAgent?.slice(0, 500) || null, ipAddress: opts.ipAddress },
      select: { id: true },
    }),
  ]);
  return row.id;
}
