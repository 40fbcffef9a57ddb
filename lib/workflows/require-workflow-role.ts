// The caller's role in a workflow's workspace, checked on its own: a route checks it before it reads
// the request body, so a write the role does not allow is refused for that (403), not for a field
// of a body it was never going to accept. Answers as loadWorkflow does (a workflow in a workspace
// the caller cannot see is 404 "workflow not found", like a missing id); the domain function still
// checks again inside its transaction.
import { AppError, notFound } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { requireWorkspaceRole, type Role } from "@/lib/workspaces/access";

export async function requireWorkflowRole(opts: { workflowId: string; userId: string; role: Role }): Promise<void> {
  const workflow = await db().workflow.findUnique({ where: { id: opts.workflowId }, select: { workspaceId: true } });
  if (!workflow) throw notFound("workflow");
  try {
    await requireWorkspaceRole(opts.userId, workflow.workspaceId, opts.role);
  } catch (e) {
    if (e instanceof AppError && e.status === 404) throw notFound("workflow");
    throw e;
  }
}
