// The workflows of a workspace for the workflows page, most recently changed first. Access is
// checked here, so a page cannot forget it: 404 for a workspace the user cannot see.
import { db, type Tx } from "@/lib/db/client";
import { requireWorkspaceRole, type Role } from "@/lib/workspaces/access";

export type WorkflowRow = { id: string; name: string; mode: "draft" | "live"; updatedAt: Date };

export async function listWorkspaceWorkflows(opts: { userId: string; workspaceId: string; tx?: Tx }): Promise<{ role: Role; workflows: WorkflowRow[] }> {
  const role = await requireWorkspaceRole(opts.userId, opts.workspaceId, "viewer", opts.tx);
  const workflows = await (opts.tx ?? db()).workflow.findMany({
    where: { workspaceId: opts.workspaceId },
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    select: { id: true, name: true, mode: true, updatedAt: true },
  });
  return { role, workflows };
}
