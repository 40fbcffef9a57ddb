// An owner resets the password of a member who forgot theirs: a new temporary password, shown
// once to be handed over, replaced at the member's next sign-in; their browser sessions end, and
// with revokeApiTokens (the account may be in the wrong hands) their API tokens too.
// Only for an account created in a workspace the owner owns (account-origin.ts) whose every role
// is in workspaces the owner owns too (a provider's owners: its technicians and its clients'
// people), so nobody can take over an account that also works for another provider, or for a
// workspace they do not own (find-reset-password-refusals.ts, which the Members list shares).
// Resetting one's own password is changing it (Account & security).
import { z } from "@/lib/z";
import { db, type Tx } from "@/lib/db/client";
import { badRequest, forbidden, notFound } from "@/lib/api/errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { revokeAllApiTokens } from "@/lib/auth/revoke-all-api-tokens";
import { setTemporaryPassword } from "@/lib/auth/set-temporary-password";
import { findResetPasswordRefusals } from "@/lib/members/find-reset-password-refusals";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export const ResetPasswordBody = z.object({ revokeApiTokens: z.boolean().default(false) }).strict();

export async function resetMemberPassword(opts: {
  workspaceId: string;
  memberId: string;
  actor: { id: string; email: string };
  revokeApiTokens?: boolean;
}): Promise<{ temporaryPassword: string; revokedApiTokens: number }> {
  const { workspaceId, memberId, actor } = opts;
  if (memberId === actor.id) throw badRequest("change your own password under Account & security");
  return db().$transaction(async (tx: Tx) => {
    await requireWorkspaceRole(actor.id, workspaceId, "owner", tx);
    // Locked: an owner elsewhere adding this account meanwhile waits until the reset is done.
    const [user] = await tx.$queryRaw<{ email: string; createdInWorkspaceId: string | null }[]>`
      SELECT email, "createdInWorkspaceId" FROM "User" WHERE id = ${memberId} FOR UPDATE`;
    const member = await tx.membership.findUnique({ where: { userId_workspaceId: { userId: memberId, workspaceId } }, select: { id: true } });
    if (!user || !member) throw notFound("member");
    const account = { id: memberId, createdInWorkspaceId: user.createdInWorkspaceId };
    const refusal = (await findResetPasswordRefusals({ actorId: actor.id, workspaceId, accounts: [account], tx })).get(memberId);
    if (refusal) throw forbidden(refusal);
    const temporaryPassword = await setTemporaryPassword({ userId: memberId, tx });
    const revokedApiTokens = opts.revokeApiTokens ? await revokeAllApiTokens({ userId: memberId, tx }) : 0;
    await recordAuditEvent({ workspaceId, actor, action: "member_password_reset", details: { email: user.email, revokedApiTokens }, tx });
    return { temporaryPassword, revokedApiTokens };
  });
}
