// Revokes every live API token of a user, in the caller's transaction, and says how many. Used
// when someone else resets the account's password because it may be in the wrong hands: a
// password reset alone ends browser sessions, not tokens (a script's token outlives a forgotten
// password, which is the usual reason for a reset).
import type { Tx } from "@/lib/db/client";

export async function revokeAllApiTokens(opts: { userId: string; tx: Tx }): Promise<number> {
  const { count } = await opts.tx.apiToken.updateMany({ where: { userId: opts.userId, revokedAt: null }, data: { revokedAt: new Date() } });
  return count;
}
