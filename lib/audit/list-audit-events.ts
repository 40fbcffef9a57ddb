// The audit log of a workspace, newest first. A provider's log also holds its clients' events
// (pushes land in the client's log), so the provider sees every push, review and go-live, and the
// events of clients it has deleted (kept under the provider, shown as in "<name> (deleted)").
import { db, type Tx } from "@/lib/db/client";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export type AuditEventView = {
  id: string;
  workspaceId: string;
  workspaceName: string;
  workflowId: string | null;
  actor: { id: string | null; email: string | null };
  action: string;
  details: Record<string, unknown>;
  at: string;
};

export type ListAuditEventsOptions = { workspaceId: string; userId: string; limit?: number; before?: Date; tx?: Tx };

export async function listAuditEvents({ workspaceId, userId, limit = 100, before, tx }: ListAuditEventsOptions): Promise<AuditEventView[]> {
  const c = tx ?? db();
  await requireWorkspaceRole(userId, workspaceId, "viewer", tx);
  const ws = await c.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { kind: true, clients: { select: { id: true } } } });
  const ids = [workspaceId, ...(ws.kind === "provider" ? ws.clients.map((x) => x.id) : [])];
  const rows = await c.auditEvent.findMany({
    where: { workspaceId: { in: ids }, ...(before ? { createdAt: { lt: before } } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    include: { workspace: { select: { name: true } } },
  });
  return rows.map((r) => {
    const { deletedClient, ...details } = (r.details ?? {}) as Record<string, unknown> & { deletedClient?: { id: string; name: string } };
    return {
      id: r.id,
      workspaceId: deletedClient?.id ?? r.workspaceId,
      workspaceName: deletedClient ? `${deletedClient.name} (deleted)` : r.workspace.name,
      workflowId: r.workflowId,
      actor: { id: r.actorId, email: r.actorEmail },
      action: r.action,
      details,
      at: r.createdAt.toISOString(),
    };
  });
}
