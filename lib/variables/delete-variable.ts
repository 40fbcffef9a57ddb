// Deleting a key that a workflow still references makes that step fail with "value missing"
// at run time; a pushed copy's review checklist shows it as missing again.
import { notFound } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export type DeleteVariableOptions = { workspaceId: string; userId: string; key: string; tx?: Tx };

export async function deleteVariable({ workspaceId, userId, key, tx }: DeleteVariableOptions): Promise<void> {
  await requireWorkspaceRole(userId, workspaceId, "editor", tx);
  const { count } = await (tx ?? db()).variable.deleteMany({ where: { workspaceId, key } });
  if (count === 0) throw notFound("variable");
}
