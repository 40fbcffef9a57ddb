// "Sign out everywhere" (and, with exceptSessionId, "sign out other sessions"): every recorded
// browser session of the user is deleted, and the user's sessionVersion is raised, which also
// ends the sessions issued before sessions were recorded (they carry only that version; see
// lib/auth/authenticate-request.ts). Such an old session cannot be kept as "this one": a caller
// on one is signed out too. API tokens are separate and stay valid.
import { recordAccountEvent } from "@/lib/audit/record-account-event";
import { db, type Tx } from "@/lib/db/client";

/** `audit`: the user asked for it (Sign out everywhere); a password change or reset, which also calls this, has its own record. */
export async function revokeSessions(opts: { userId: string; exceptSessionId?: string; audit?: boolean; tx?: Tx }): Promise<void> {
  // The user row first: its lock makes a sign-in in flight either see the new version or wait
  // until its session row exists and is deleted here (start-browser-session.ts).
  const write = async (tx: Tx) => {
    await tx.user.update({ where: { id: opts.userId }, data: { sessionVersion: { increment: 1 } } });
    await tx.browserSession.deleteMany({ where: { userId: opts.userId, ...(opts.exceptSessionId ? { id: { not: opts.exceptSessionId } } : {}) } });
    if (opts.audit) await recordAccountEvent({ userId: opts.userId, action: "signed_out_everywhere", details: { keptThisSession: Boolean(opts.exceptSessionId) }, tx });
  };
  await (opts.tx ? write(opts.tx) : db().$transaction(write));
}
