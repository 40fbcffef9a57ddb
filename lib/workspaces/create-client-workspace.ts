// A provider's owner adds a client workspace (a new customer of the MSP). The provider's members
// act in it at once with their provider role; the client's own people are added as members.
import { db, type Tx } from "@/lib/db/client";
import { badRequest } from "@/lib/api/errors";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { assertClientNameFree } from "@/lib/workspaces/assert-client-name-free";
import { requireWorkspaceRole, type WorkspaceAccess } from "@/lib/workspaces/access";

export async function createClientWorkspace(opts: { providerId: string; name: string; actor: { id: string; email: string } }): Promise<WorkspaceAccess> {
  const { providerId, name, actor } = opts;
  return db().$transaction(async (tx: Tx) => {
    const role = await requireWorkspaceRole(actor.id, providerId, "owner", tx);
    const provider = await tx.workspace.findUniqueOrThrow({ where: { id: providerId }, select: { kind: true } });
    if (provider.kind !== "provider") throw badRequest("clients are added to a provider workspace; this is a client workspace");
    await assertClientNameFree({ tx, providerId, name });
    const ws = await tx.workspace.create({ data: { name, kind: "client", providerId }, select: { id: true, name: true, kind: true, providerId: true } });
    await recordAuditEvent({ workspaceId: providerId, actor, action: "client_created", details: { clientId: ws.id, name }, tx });
    return { ...ws, role };
  });
}
