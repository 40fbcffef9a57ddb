// A workflow's name for its pages' titles, if the user can see the workflow (null otherwise, or
// when it does not exist: the page itself then answers 404). Only the name is read, not the steps.
import { db } from "@/lib/db/client";
import { workspaceRole } from "@/lib/workspaces/access";

export async function findWorkflowName({ workflowId, userId }: { workflowId: string; userId: string }): Promise<string | null> {
  if (workflowId.includes("\u0000")) return null;
  const workflow = await db().workflow.findUnique({ where: { id: workflowId }, select: { name: true, workspaceId: true } });
  if (!workflow || !(await workspaceRole(userId, workflow.workspaceId))) return null;
  return workflow.name;
}
