import { db, type Tx } from "@/lib/db/client";
import { toVariableView } from "@/lib/variables/to-variable-view";
import type { VariableView } from "@/lib/variables/variable-schema";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export type ListVariablesOptions = { workspaceId: string; userId: string; tx?: Tx };

export async function listVariables({ workspaceId, userId, tx }: ListVariablesOptions): Promise<VariableView[]> {
  await requireWorkspaceRole(userId, workspaceId, "viewer", tx);
  const rows = await (tx ?? db()).variable.findMany({ where: { workspaceId }, orderBy: { key: "asc" } });
  return rows.map(toVariableView);
}
