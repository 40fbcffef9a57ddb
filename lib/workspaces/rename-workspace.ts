// An owner renames a provider workspace; a client's name is its provider's entry for that
// customer (the switcher, push targets, audit log), so only the provider's owners rename a client.
// A client's own owner renaming it could also learn the provider's other clients' names, one
// refused name (client_name_taken) at a time.
import { db, type Tx } from "@/lib/db/client";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { assertClientNameFree } from "@/lib/workspaces/assert-client-name-free";
import { forbidden, notFound } from "@/lib/api/errors";
import { requireWorkspaceRole, workspaceRole, type WorkspaceAccess } from "@/lib/workspaces/access";

export async function renameWorkspace(opts: { workspaceId: string; name: string; actor: { id: string; email: string } }): Promise<WorkspaceAccess> {
  const { workspaceId, name, actor } = opts;
  return db().$transaction(async (tx: Tx) => {
    const role = await requireWorkspaceRole(actor.id, workspaceId, "owner", tx);
    // Locked: a rename racing the client's deletion waits, finds it gone and answers 404 (not a 500
    // from an update of no row).
    const [before] = await tx.$queryRaw<{ name: string; providerId: string | null }[]>`
      SELECT name, "providerId" FROM "Workspace" WHERE id = ${workspaceId} FOR UPDATE`;
    if (!before) throw notFound("workspace");
    if (before.providerId) {
      if ((await workspaceRole(actor.id, before.providerId, tx)) !== "owner") throw forbidden("a client workspace is named by its provider's owners; ask them to rename it");
      await assertClientNameFree({ tx, providerId: before.providerId, name, exceptId: workspaceId });
    }
    const ws = await tx.workspace.update({ where: { id: workspaceId }, data: { name }, select: { id: true, name: true, kind: true, providerId: true } });
    if (before.name !== name) await recordAuditEvent({ workspaceId, actor, action: "workspace_renamed", details: { from: before.name, to: name }, tx });
    return { ...ws, role };
  });
}
