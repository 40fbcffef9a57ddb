// "Generate a new URL": the current endpoint is marked rotated (the intake treats it as unknown
// from the next request on) and a new one is issued, in one transaction. Only while Live: in
// Draft no URL is shown, so there is nothing to regenerate (409 workflow_not_live). Recorded in
// the audit log (the spec's way to revoke a leaked URL), never with either token. Like Go live, it
// may carry the version the caller saw: a save since (the trigger replaced, say) is a 409
// workflow_changed and nothing is rotated; without it, the stored workflow's URL is (scripts).
import { conflict } from "@/lib/api/errors";
import { recordWorkflowEvent } from "@/lib/audit/record-workflow-event";
import { db, type Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import { generateWebhookToken } from "@/lib/triggers/generate-webhook-token";
import { assertVersionSeen, goLiveInputSchema } from "@/lib/workflows/assert-version-seen";
import { loadWorkflow } from "@/lib/workflows/load-workflow";
import { readWorkflowView } from "@/lib/workflows/read-workflow-view";
import { storedSteps } from "@/lib/workflows/stored-steps";
import type { WorkflowView } from "@/lib/workflows/to-workflow-view";

/** Its body is /live's: empty, `{}` or `{"version"}`; any other field is a 400 naming it. */
export const rotateWebhookUrlInputSchema = goLiveInputSchema;

/** `version`: the one the caller saw (the editor sends it); a save since is a 409 workflow_changed. */
export type RotateWebhookUrlOptions = { workflowId: string; userId: string; version?: number; tx?: Tx };

export async function rotateWebhookUrl({ workflowId, userId, version, tx }: RotateWebhookUrlOptions): Promise<{ webhookUrl: string; workflow: WorkflowView }> {
  const write = async (t: Tx) => {
    const workflow = await loadWorkflow({ workflowId, userId, role: "editor", tx: t, lock: true });
    await assertVersionSeen(workflow, { version }, t);
    const trigger = storedSteps(workflow)[0];
    if (trigger?.kind !== "webhook") throw conflict("no_webhook_trigger", "this workflow's step 1 is not a Webhook trigger, so it has no URL");
    if (workflow.mode !== "live") throw conflict("workflow_not_live", "the workflow is in Draft and shows no URL; switch it to Live first, then generate a new URL");
    await t.webhookEndpoint.updateMany({ where: { workflowId: workflow.id, rotatedAt: null }, data: { rotatedAt: new Date() } });
    const endpoint = await t.webhookEndpoint.create({ data: { workflowId: workflow.id, stepId: trigger.id, token: generateWebhookToken() } });
    await recordWorkflowEvent({ workflow, userId, action: "webhook_url_rotated", details: { stepId: trigger.id }, tx: t });
    return { webhookUrl: `${env().PUBLIC_URL}/hooks/${endpoint.token}`, workflow: await readWorkflowView({ workflow, tx: t }) };
  };
  return tx ? write(tx) : db().$transaction(write);
}
