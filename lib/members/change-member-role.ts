// An owner changes a member's role. Takes effect on the member's next request (roles are read
// fresh every time); an owner made editor or viewer loses the open invitation links they made.
import { db, type Tx } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { revokeInvitationsOfFormerOwner } from "@/lib/invitations/revoke-invitations-of-former-owner";
import { guardLastOwner } from "@/lib/members/guard-last-owner";
import { lockWorkspaceMembers } from "@/lib/members/lock-workspace-members";
import { toMemberView, type MemberView } from "@/lib/members/member-schema";
import { requireWorkspaceRole, type Role } from "@/lib/workspaces/access";

export async function changeMemberRole(opts: { workspaceId: string; memberId: string; role: Role; actor: { id: string; email: string } }): Promise<MemberView> {
  const { workspaceId, memberId, role, actor } = opts;
  return db().$transaction(async (tx: Tx) => {
    await lockWorkspaceMembers(tx, workspaceId); // first: the caller's own role may be changing too
    await requireWorkspaceRole(actor.id, workspaceId, "owner", tx);
    const m = await tx.membership.findUnique({ where: { userId_workspaceId: { userId: memberId, workspaceId } }, select: { id: true, role: true } });
    if (!m) throw notFound("member");
    if (m.role === "owner" && role !== "owner") await guardLastOwner({ tx, workspaceId, leavingUserId: memberId });
    const row = await tx.membership.update({ where: { id: m.id }, data: { role }, select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } } });
    if (m.role !== role) await recordAuditEvent({ workspaceId, actor, action: "member_role_changed", details: { email: row.user.email, from: m.role, to: role }, tx });
    if (role !== "owner") await revokeInvitationsOfFormerOwner({ tx, userId: memberId, workspaceId, actor });
    return toMemberView(row.user, row);
  });
}
