import { db, type Tx } from "@/lib/db/client";
import type { ConnectionView } from "@/lib/connections/connection-input";
import { toConnectionView } from "@/lib/connections/to-connection-view";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export type ListConnectionsOptions = { workspaceId: string; userId: string; app?: string; tx?: Tx };

export async function listConnections({ workspaceId, userId, app, tx }: ListConnectionsOptions): Promise<ConnectionView[]> {
  await requireWorkspaceRole(userId, workspaceId, "viewer", tx);
  const rows = await (tx ?? db()).connection.findMany({ where: { workspaceId, ...(app ? { app } : {}) }, orderBy: [{ app: "asc" }, { name: "asc" }] });
  return rows.map(toConnectionView);
}
