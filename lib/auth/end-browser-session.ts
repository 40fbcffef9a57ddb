// Ends one of the user's browser sessions: its cookie is refused from its next request. Another
// user's session, or one already ended, is "not found" (never a hint that it exists).
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";

export async function endBrowserSession(opts: { userId: string; sessionId: string }): Promise<void> {
  const { count } = await db().browserSession.deleteMany({ where: { id: opts.sessionId, userId: opts.userId } });
  if (count === 0) throw notFound("session");
}
