// An owner withdraws an invitation link not yet accepted: it stops working at once. The row goes;
// the audit log keeps that it existed and who revoked it.
import { db, type Tx } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export async function revokeInvitation(opts: { workspaceId: string; invitationId: string; actor: { id: string; email: string } }): Promise<void> {
  const { workspaceId, invitationId, actor } = opts;
  await db().$transaction(async (tx: Tx) => {
    await requireWorkspaceRole(actor.id, workspaceId, "owner", tx);
    const [removed] = await tx.$queryRaw<{ role: string; note: string | null }[]>`
      DELETE FROM "Invitation" WHERE id = ${invitationId} AND "workspaceId" = ${workspaceId} AND "acceptedAt" IS NULL RETURNING role::text AS role, note`;
    if (!removed) throw notFound("invitation");
    await recordAuditEvent({ workspaceId, actor, action: "invitation_revoked", details: { invitationId, role: removed.role, note: removed.note }, tx });
  });
}
