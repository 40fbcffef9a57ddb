// An owner renames a workspace (a provider, or a client: its provider's owners may too).
import { db, type Tx } from "@/lib/db/client";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { assertClientNameFree } from "@/lib/workspaces/assert-client-name-free";
import { requireWorkspaceRole, type WorkspaceAccess } from "@/lib/workspaces/access";

export async function renameWorkspace(opts: { workspaceId: string; name: string; actor: { id: string; email: string } }): Promise<WorkspaceAccess> {
  const { workspaceId, name, actor } = opts;
  return db().$transaction(async (tx: Tx) => {
    const role = await requireWorkspaceRole(actor.id, workspaceId, "owner", tx);
    const before = await tx.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { name: true, providerId: true } });
    if (before.providerId) await assertClientNameFree({ tx, providerId: before.providerId, name, exceptId: workspaceId });
    const ws = await tx.workspace.update({ where: { id: workspaceId }, data: { name }, select: { id: true, name: true, kind: true, providerId: true } });
    if (before.name !== name) await recordAuditEvent({ workspaceId, actor, action: "workspace_renamed", details: { from: before.name, to: name }, tx });
    return { ...ws, role };
  });
}
