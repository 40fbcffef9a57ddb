// An owner resets the password of a member who forgot theirs: a new temporary password, shown
// once to be handed over, replaced at the member's next sign-in; their browser sessions end, and
// with revokeApiTokens (the account may be in the wrong hands) their API tokens too.
// Only for an account created in a workspace the owner owns (account-origin.ts) whose every role
// is in workspaces the owner owns too (a provider's owners: its technicians and its clients'
// people), so nobody can take over an account that also works for another provider, or for a
// workspace they do not own. Resetting one's own password is changing it (Account & security).
import { z } from "zod";
import { db, type Tx } from "@/lib/db/client";
import { badRequest, forbidden, notFound } from "@/lib/api/errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { revokeAllApiTokens } from "@/lib/auth/revoke-all-api-tokens";
import { setTemporaryPassword } from "@/lib/auth/set-temporary-password";
import { ownsAccountOrigin } from "@/lib/members/account-origin";
import { requireWorkspaceRole, workspaceRole } from "@/lib/workspaces/access";

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
    const memberships = await tx.membership.findMany({ where: { userId: memberId }, select: { workspaceId: true }, orderBy: { workspaceId: "asc" } });
    if (!user || !memberships.some((m) => m.workspaceId === workspaceId)) throw notFound("member");
    if (!(await ownsAccountOrigin(tx, actor.id, user))) {
      throw forbidden("this account was not created in a workspace you own; its own administrator, or the operator (npm run user:reset-password), can reset it");
    }
    for (const m of memberships) {
      if ((await workspaceRole(actor.id, m.workspaceId, tx)) !== "owner") {
        throw forbidden("this person also works in workspaces you do not own; their own administrator, or the operator (npm run user:reset-password), can reset it");
      }
    }
    const temporaryPassword = await setTemporaryPassword({ userId: memberId, tx });
    const revokedApiTokens = opts.revokeApiTokens ? await revokeAllApiTokens({ userId: memberId, tx }) : 0;
    await recordAuditEvent({ workspaceId, actor, action: "member_password_reset", details: { email: user.email, revokedApiTokens }, tx });
    return { temporaryPassword, revokedApiTokens };
  });
}
