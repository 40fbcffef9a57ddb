// The signed-in holder of an invitation link joins its workspace with its role. The link works
// once: it is locked, checked and marked used in the same transaction as the membership, so two
// people accepting it at once make one member (the other gets 410 invitation_used). Someone who
// already acts there (a role of their own, or at least the link's through the provider) gets 409
// and the link stays usable for its intended person. The members of the workspace (and of its
// provider, whose owners' links it holds) are locked before the link is checked, so a maker removed
// or demoted at the same moment either comes first and the link fails, or comes after it was used.
import { db, type Tx } from "@/lib/db/client";
import { conflict } from "@/lib/api/errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { alreadyActsThere, findInvitation } from "@/lib/invitations/find-invitation";
import { lockWorkspaceMembers } from "@/lib/members/lock-workspace-members";
import { toMemberView, type MemberView } from "@/lib/members/member-schema";

export async function acceptInvitation(opts: { token: string; user: { id: string; email: string } }): Promise<{ workspaceId: string; member: MemberView }> {
  const { token, user } = opts;
  return db().$transaction(async (tx: Tx) => {
    const peek = await findInvitation(tx, token);
    const ws = await tx.workspace.findUniqueOrThrow({ where: { id: peek.workspaceId }, select: { providerId: true } });
    // Provider first, then the workspace: the order a change in each takes its own lock in.
    if (ws.providerId) await lockWorkspaceMembers(tx, ws.providerId);
    await lockWorkspaceMembers(tx, peek.workspaceId);
    const found = await findInvitation(tx, token, { lock: true });
    const existing = await alreadyActsThere(tx, user.id, found.workspaceId, found.role);
    if (existing) {
      const as = existing.own ? `a member of this workspace (${existing.role})` : `working here as ${existing.role} through its provider`;
      throw conflict("already_member", `you are already ${as}; the link is left for the person it was meant for`);
    }
    const m = await tx.membership.create({
      data: { userId: user.id, workspaceId: found.workspaceId, role: found.role },
      select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
    });
    await tx.invitation.update({ where: { id: found.id }, data: { acceptedAt: new Date(), acceptedById: user.id } });
    await recordAuditEvent({ workspaceId: found.workspaceId, actor: user, action: "invitation_accepted", details: { invitationId: found.id, email: user.email, role: found.role }, tx });
    return { workspaceId: found.workspaceId, member: toMemberView(m.user, m) };
  });
}
