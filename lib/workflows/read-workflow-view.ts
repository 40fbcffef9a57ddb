// The API view of a workflow row the caller may already see (access checked by the caller),
// Testing data as typed: a row as Prisma returns it (after a save) has it rounded (exact-steps.ts).
import { describeBlueprintOrigin } from "@/lib/blueprints/describe-blueprint-origin";
import { db, type Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import type { Workflow } from "@/lib/generated/prisma/client.ts";
import { withExactSteps } from "@/lib/workflows/exact-steps";
import { toWorkflowView, type WorkflowView } from "@/lib/workflows/to-workflow-view";
import { loadVersionSaver } from "@/lib/workflows/version-saver";

export async function readWorkflowView({ workflow, tx }: { workflow: Workflow; tx?: Tx }): Promise<WorkflowView> {
  const c = tx ?? db();
  const [exact, endpoint, saver] = await Promise.all([
    withExactSteps(workflow, c),
    c.webhookEndpoint.findFirst({ where: { workflowId: workflow.id, rotatedAt: null }, orderBy: { createdAt: "desc" } }),
    loadVersionSaver(workflow, c),
  ]);
  const blueprint = describeBlueprintOrigin(workflow.blueprintSlug, workflow.blueprintVersion);
  return { ...toWorkflowView({ workflow: exact, endpoint, publicUrl: env().PUBLIC_URL, saver }), ...(blueprint && { blueprint }) };
}
