// A link grants what its maker could grant when they made it; once they no longer own the
// workspace (removed, left, demoted) their open links must stop, or a fired owner rejoins as owner
// with a link made the day before, or hands it to someone else. Called in the transaction that
// changes their role. A provider owner's links for its clients go too, unless they still own that
// client by a role of its own. Each is recorded as revoked by whoever made the change, with
// `madeBy` saying whose link it was (revoke-invitation.ts records an owner's own revocation).
import type { Tx } from "@/lib/db/client";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { workspaceRole } from "@/lib/workspaces/access";

export async function revokeInvitationsOfFormerOwner(opts: { tx: Tx; userId: string; workspaceId: string; actor: { id: string; email: string } }): Promise<number> {
  const { tx, userId, workspaceId, actor } = opts;
  const ws = await tx.workspace.findUnique({ where: { id: workspaceId }, select: { clients: { select: { id: true } } } });
  const open = await tx.invitation.findMany({
    where: { createdById: userId, acceptedAt: null, workspaceId: { in: [workspaceId, ...(ws?.clients.map((c) => c.id) ?? [])] } },
    select: { id: true, workspaceId: true, role: true, note: true, createdBy: { select: { email: true } } },
  });
  const owns = new Map<string, boolean>();
  for (const id of new Set(open.map((i) => i.workspaceId))) owns.set(id, (await workspaceRole(userId, id, tx)) === "owner");
  const gone = open.filter((i) => !owns.get(i.workspaceId));
  if (gone.length === 0) return 0;
  await tx.invitation.deleteMany({ where: { id: { in: gone.map((i) => i.id) }, acceptedAt: null } });
  for (const i of gone) {
    await recordAuditEvent({
      workspaceId: i.workspaceId,
      actor,
      action: "invitation_revoked",
      details: { invitationId: i.id, role: i.role, note: i.note, madeBy: i.createdBy?.email ?? null },
      tx,
    });
  }
  return gone.length;
}
