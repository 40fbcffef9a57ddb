// An owner gives someone a role in a workspace. Someone without an account gets one, with a
// random temporary password that is returned this once (there is no e-mail to send it with):
// the owner passes it on; the new member signs in with it and must choose their own first.
// Someone who already has an account keeps their password; only the membership is added — if
// the account was made in a workspace the owner owns, or by the operator (account-origin.ts).
import { db, type Tx } from "@/lib/db/client";
import { unlessParentGone } from "@/lib/db/parent-gone";
import { conflict, notFound } from "@/lib/api/errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { hashPassword } from "@/lib/auth/password";
import { generateTemporaryPassword } from "@/lib/auth/set-temporary-password";
import { ownsAccountOrigin } from "@/lib/members/account-origin";
import { toMemberView, type AddMemberInput, type MemberView } from "@/lib/members/member-schema";
import { requireWorkspaceRole } from "@/lib/workspaces/access";
import { onceMoreOnUniqueClash } from "@/lib/db/once-more-on-unique-clash";

export type AddMemberResult = { member: MemberView; temporaryPassword?: string };

export async function addMember(opts: { workspaceId: string; actor: { id: string; email: string }; input: AddMemberInput }): Promise<AddMemberResult> {
  const { workspaceId, actor, input } = opts;
  await requireWorkspaceRole(actor.id, workspaceId, "owner");
  // Hashed before the transaction: scrypt takes ~50 ms and needs no lock.
  const temporaryPassword = generateTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  // The workspace deleted at the same moment: its 404, as once it is gone.
  const add = () =>
    unlessParentGone("workspaceId", () => notFound("workspace"), () => db().$transaction(async (tx: Tx) => {
      // Locked, so a password reset of this account cannot run between the check and the add.
      const [found] = await tx.$queryRaw<{ id: string; email: string; name: string; createdInWorkspaceId: string | null }[]>`
        SELECT id, email, name, "createdInWorkspaceId" FROM "User" WHERE email = ${input.email} FOR UPDATE`;
      if (found && found.createdInWorkspaceId !== null && !(await ownsAccountOrigin(tx, actor.id, found))) {
        throw conflict("account_elsewhere", `${input.email} already has an account, made in a workspace you do not own, so it cannot be added by address; make them an invitation link instead, with "Make invitation link" on the Members page (or POST /api/v1/workspaces/${workspaceId}/invitations)`);
      }
      const user =
        found ??
        (await tx.user.create({
          data: { email: input.email, name: input.name ?? input.email.split("@")[0], passwordHash, mustChangePassword: true, createdInWorkspaceId: workspaceId },
          select: { id: true, email: true, name: true },
        }));
      const created = !found;
      const existing = await tx.membership.findUnique({ where: { userId_workspaceId: { userId: user.id, workspaceId } }, select: { role: true } });
      if (existing) throw conflict("already_member", `${user.email} is already a member (${existing.role}); change their role instead`);
      const m = await tx.membership.create({ data: { userId: user.id, workspaceId, role: input.role }, select: { role: true, createdAt: true } });
      await recordAuditEvent({ workspaceId, actor, action: "member_added", details: { email: user.email, role: input.role, newAccount: created }, tx });
      const member = toMemberView(user, m);
      return created ? { member, temporaryPassword } : { member };
    }));
  // The same new address added by two owners at once: the slower insert collides with the
  // account the other just made; once more, it takes the existing-account path.
  return onceMoreOnUniqueClash(add, true);
}
