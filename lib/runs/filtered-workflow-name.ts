// The name of the workflow the Runs page is filtered to, read on its own: taken from the first
// listed run, a filter that matched no run (another status, an older window) said "Runs of one
// workflow". Only a workflow the list itself would show is named — of this workspace, or of one
// of its clients when they are included — so an id from elsewhere names nothing.
import { db } from "@/lib/db/client";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export async function findFilteredWorkflowName(opts: { workspaceId: string; userId: string; workflowId: string; clients: boolean }): Promise<string | null> {
  await requireWorkspaceRole(opts.userId, opts.workspaceId, "viewer");
  if (opts.workflowId.includes("\u0000")) return null;
  const workflow = await db().workflow.findFirst({
    where: { id: opts.workflowId, OR: [{ workspaceId: opts.workspaceId }, ...(opts.clients ? [{ workspace: { providerId: opts.workspaceId } }] : [])] },
    select: { name: true },
  });
  return workflow?.name ?? null;
}
