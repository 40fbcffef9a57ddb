// The API view of a workflow row the caller may already see (access checked by the caller).
import { db, type Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { Workflow } from "@/lib/generated/prisma/client.ts";
import { toWorkflowView, type WorkflowView } from "@/lib/workflows/to-workflow-view";

export async function readWorkflowView({ workflow, tx }: { workflow: Workflow; tx?: Tx }): Promise<WorkflowView> {
  const endpoint = await (tx ?? db()).webhookEndpoint.findFirst({
    where: { workflowId: workflow.id, rotatedAt: null },
    orderBy: { createdAt: "desc" },
  });
  return toWorkflowView({ workflow, endpoint, publicUrl: env().PUBLIC_URL });
}
