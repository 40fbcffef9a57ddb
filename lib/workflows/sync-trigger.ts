// Brings a workflow's trigger side effects in line with its mode and step 1, after any write
// that may change either (save, go Live, back to Draft, delete). Webhook: the current endpoint
// must belong to the current webhook trigger; any other current endpoint is retired (a replaced
// trigger's URL stops at once). A Live webhook trigger without an endpoint gets one; Draft keeps
// the endpoint, so the same URL works again after going Live. A Scheduler trigger's pg-boss
// schedule belongs here too (run engine).
import type { Tx } from "@/lib/db/client";
import type { WebhookEndpoint, Workflow } from "@/lib/generated/prisma/client.ts";
import { generateWebhookToken } from "@/lib/triggers/generate-webhook-token";
import { storedSteps } from "@/lib/workflows/stored-steps";

export type SyncTriggerOptions = { workflow: Pick<Workflow, "id" | "mode" | "steps">; tx: Tx };

/** Returns the workflow's current webhook endpoint after syncing, or null. */
export async function syncTrigger({ workflow, tx }: SyncTriggerOptions): Promise<WebhookEndpoint | null> {
  const first = storedSteps(workflow)[0];
  const trigger = first?.kind === "webhook" ? first : null;
  const current = await tx.webhookEndpoint.findMany({ where: { workflowId: workflow.id, rotatedAt: null } });
  const stale = current.filter((e) => e.stepId !== trigger?.id);
  if (stale.length > 0) {
    await tx.webhookEndpoint.updateMany({ where: { id: { in: stale.map((e) => e.id) } }, data: { rotatedAt: new Date() } });
  }
  const kept = current.find((e) => e.stepId === trigger?.id) ?? null;
  if (kept || !trigger || workflow.mode !== "live") return kept;
  return tx.webhookEndpoint.create({ data: { workflowId: workflow.id, stepId: trigger.id, token: generateWebhookToken() } });
}
