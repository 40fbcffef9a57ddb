-- A pushed copy of a workflow whose webhook verifies signatures arrives without the provider's
-- shared secret; its review now asks the client for its own secret or for an explicit choice to
-- accept unsigned deliveries (lib/push/compute-review.ts). Copies pushed before: required when
-- their source trigger has a secret now (what was pushed is not recorded; the source is the best
-- evidence). Only a Draft copy's Go live is gated, so a Live copy keeps running as it is.
ALTER TABLE "WorkflowCopy" ADD COLUMN "webhookSecretRequired" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "WorkflowCopy" ADD COLUMN "unsignedAcceptedAt" TIMESTAMP(3);
ALTER TABLE "WorkflowCopy" ADD COLUMN "unsignedAcceptedById" TEXT;

UPDATE "WorkflowCopy" c
SET "webhookSecretRequired" = true
FROM "Workflow" s
WHERE s.id = c."sourceWorkflowId"
  AND s.steps -> 0 ->> 'kind' = 'webhook'
  AND NULLIF(s.steps -> 0 -> 'config' ->> 'sharedSecretEncrypted', '') IS NOT NULL;
