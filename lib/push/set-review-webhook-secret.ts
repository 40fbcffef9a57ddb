// PUT /workflows/{id}/review/webhook-secret: the client answers the review's "webhook shared
// secret" item. Either it sets its own secret on the copy's trigger (write-only, encrypted, the
// same as the editor's Shared secret field), or it explicitly accepts unsigned deliveries — a
// choice recorded with who and when, because the provider's workflow was built to verify them.
import { z } from "@/lib/z";
import { sharedSecretText } from "@/lib/steps/shared-secret-text";
import { badRequest, notFound } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { encryptSecret } from "@/lib/secrets/crypto";
import { lockSecretKey } from "@/lib/secrets/lock-secret-key";
import { loadReview, type ReviewView } from "@/lib/push/load-review";
import { hasSharedSecret } from "@/lib/push/webhook-secret-state";
import { loadWorkflow } from "@/lib/workflows/load-workflow";
import { storedSteps } from "@/lib/workflows/stored-steps";
import { toJsonField } from "@/lib/db/to-json-field";
import { savedFields } from "@/lib/workflows/version-saver";

export const webhookSecretChoice = z
  .object({ sharedSecret: sharedSecretText().min(1, "must not be empty").optional(), acceptUnsigned: z.literal(true).optional() })
  .strict()
  .refine((c) => (c.sharedSecret === undefined) !== (c.acceptUnsigned === undefined), {
    message: 'send either {"sharedSecret": "<your own secret>"} or {"acceptUnsigned": true}',
  });
export type WebhookSecretChoice = z.infer<typeof webhookSecretChoice>;

export type SetReviewWebhookSecretOptions = { workflowId: string; choice: WebhookSecretChoice; user: { id: string; email: string }; tx?: Tx };

export async function setReviewWebhookSecret({ workflowId, choice, user, tx }: SetReviewWebhookSecretOptions): Promise<ReviewView> {
  const write = async (t: Tx) => {
    if (choice.sharedSecret !== undefined) await lockSecretKey(t); // before the workflow's row, as a rotation
    const workflow = await loadWorkflow({ workflowId, userId: user.id, role: "editor", tx: t, lock: true });
    const link = await t.workflowCopy.findUnique({ where: { copyWorkflowId: workflow.id } });
    if (!link) throw notFound("review");
    const steps = storedSteps(workflow);
    const trigger = steps[0];
    if (trigger?.kind !== "webhook") throw notFound("webhook trigger");
    let updated = workflow;
    const secret = choice.sharedSecret;
    if (secret !== undefined) {
      const next = steps.map((s, i) => (i === 0 ? { ...s, config: { ...s.config, sharedSecretEncrypted: encryptSecret(secret) } } : s));
      // The version moves so an editor holding the old definition gets a conflict instead of
      // silently dropping the secret — a conflict that names this user (version-saver.ts); the copy
      // does not count as "edited" (see steps-hash.ts).
      updated = await t.workflow.update({
        where: { id: workflow.id },
        data: { steps: toJsonField(next), version: { increment: 1 }, ...savedFields(user.id, workflow.version + 1) },
      });
      // Superseded: should the client clear its secret later, the item asks again.
      await t.workflowCopy.update({ where: { id: link.id }, data: { unsignedAcceptedAt: null, unsignedAcceptedById: null } });
      await recordAuditEvent({ workspaceId: workflow.workspaceId, workflowId: workflow.id, actor: user, action: "webhook_secret_set", details: { stepId: trigger.id, workflowName: workflow.name }, tx: t });
    } else {
      if (!link.webhookSecretRequired) throw badRequest("this copy's trigger does not ask for a shared secret: there is no unsigned delivery to accept", { field: "acceptUnsigned" });
      if (hasSharedSecret(trigger)) {
        throw badRequest("step 1 verifies deliveries with your own shared secret; clear it in the editor first to accept unsigned deliveries", { field: "acceptUnsigned" });
      }
      await t.workflowCopy.update({ where: { id: link.id }, data: { unsignedAcceptedAt: new Date(), unsignedAcceptedById: user.id } });
      await recordAuditEvent({
        workspaceId: workflow.workspaceId,
        workflowId: workflow.id,
        actor: user,
        action: "unsigned_webhook_accepted",
        details: { stepId: trigger.id, workflowName: workflow.name },
        tx: t,
      });
    }
    return (await loadReview({ workflow: updated, tx: t }))!;
  };
  return tx ? write(tx) : db().$transaction(write);
}
