// Removes the records of OAuth sign-ins (one per Connect started, lib/connections/oauth/start-oauth-connect.ts)
// once they can no longer be completed: past their 10 minutes, used or not. Nothing reads them
// after that, and each holds an encrypted PKCE verifier. Part of the retention pass.
import { db } from "@/lib/db/client";

export async function pruneExpiredOAuthStates(now = new Date()): Promise<number> {
  const { count } = await db().oAuthConnectState.deleteMany({ where: { expiresAt: { lt: now } } });
  return count;
}
