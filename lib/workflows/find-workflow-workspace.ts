// The workspace a workflow belongs to, if the user can see the workflow (null otherwise, or when
// it does not exist: the editor page then answers 404).
import { AppError } from "@/lib/api/errors";
import { loadWorkflow } from "@/lib/workflows/load-workflow";

export async function findWorkflowWorkspace({ workflowId, userId }: { workflowId: string; userId: string }): Promise<string | null> {
  if (workflowId.includes("\u0000")) return null;
  try {
    return (await loadWorkflow({ workflowId, userId, role: "viewer" })).workspaceId;
  } catch (e) {
    if (e instanceof AppError && e.status === 404) return null;
    throw e;
  }
}
