import type { Tx } from "@/lib/db/client";
import { loadWorkflow } from "@/lib/workflows/load-workflow";
import { readWorkflowView } from "@/lib/workflows/read-workflow-view";
import type { WorkflowView } from "@/lib/workflows/to-workflow-view";

export async function getWorkflow({ workflowId, userId, tx }: { workflowId: string; userId: string; tx?: Tx }): Promise<WorkflowView> {
  const workflow = await loadWorkflow({ workflowId, userId, role: "viewer", tx });
  return readWorkflowView({ workflow, tx });
}
