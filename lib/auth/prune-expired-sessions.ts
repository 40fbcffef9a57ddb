// Removes browser sessions not used for the session lifetime (their cookies are refused anyway,
// and the sessions list leaves them out). Part of the retention pass.
import { db } from "@/lib/db/client";
import { sessionCutoff } from "@/lib/auth/session-lifetime";

export async function pruneExpiredSessions(now = new Date()): Promise<number> {
  const { count } = await db().browserSession.deleteMany({ where: { lastSeenAt: { lt: sessionCutoff(now.getTime()) } } });
  return count;
}
