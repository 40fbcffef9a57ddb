// Removes invitation links 30 days after they were used or ran out: owners see an expired link in
// their list for a while (to make another), then it goes. Part of the retention pass; the audit
// log keeps who made, revoked and accepted each one.
import { db } from "@/lib/db/client";

export const SPENT_INVITATION_DAYS = 30;

export async function pruneSpentInvitations(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - SPENT_INVITATION_DAYS * 24 * 60 * 60 * 1000);
  const { count } = await db().invitation.deleteMany({ where: { OR: [{ acceptedAt: { lt: cutoff } }, { expiresAt: { lt: cutoff } }] } });
  return count;
}
