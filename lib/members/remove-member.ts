// An owner removes someone's role in a workspace, or a member leaves it themselves. Their
// account stays (they may belong elsewhere); access ends on their next request, and the open
// invitation links they made as an owner stop with it.
import { db, type Tx } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { revokeInvitationsOfFormerOwner } from "@/lib/invitations/revoke-invitations-of-former-owner";
import { guardLastOwner } from "@/lib/members/guard-last-owner";
import { lockWorkspaceMembers } from "@/lib/members/lock-workspace-members";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export async function removeMember(opts: { workspaceId: string; memberId: string; actor: { id: string; email: string } }): Promise<void> {
  const { workspaceId, memberId, actor } = opts;
  await db().$transaction(async (tx: Tx) => {
    await lockWorkspaceMembers(tx, workspaceId); // first: the caller's own role may be changing too
    await requireWorkspaceRole(actor.id, workspaceId, memberId === actor.id ? "viewer" : "owner", tx);
    const m = await tx.membership.findUnique({ where: { userId_workspaceId: { userId: memberId, workspaceId } }, select: { id: true, role: true, user: { select: { email: true } } } });
    if (!m) throw notFound("member");
    if (m.role === "owner") await guardLastOwner({ tx, workspaceId, leavingUserId: memberId });
    await tx.membership.delete({ where: { id: m.id } });
    await recordAuditEvent({ workspaceId, actor, action: "member_removed", details: { email: m.user.email, role: m.role, left: memberId === actor.id }, tx });
    await revokeInvitationsOfFormerOwner({ tx, userId: memberId, workspaceId, actor });
  });
}
