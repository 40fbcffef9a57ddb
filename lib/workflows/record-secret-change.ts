// A save that sets, replaces or removes a webhook trigger's shared secret is in the audit log
// (the value never is): removing it makes the URL take unsigned deliveries from anyone who has
// it, and a pushed copy's review already records its secret the same way.
import type { Tx } from "@/lib/db/client";
import { recordWorkflowEvent } from "@/lib/audit/record-workflow-event";
import type { Step } from "@/lib/workflows/definition";

const storedSecret = (step: Step | undefined) =>
  step?.kind === "webhook" && typeof step.config.sharedSecretEncrypted === "string" ? step.config.sharedSecretEncrypted : "";

export type RecordSecretChangeOptions = {
  workflow: { id: string; workspaceId: string; name: string };
  userId: string;
  previous: readonly Step[];
  steps: readonly Step[];
  tx: Tx;
};

export async function recordSecretChange({ workflow, userId, previous, steps, tx }: RecordSecretChangeOptions): Promise<void> {
  const [before, after] = [previous[0], steps[0]];
  // A replaced trigger is a new trigger (its URL retired with the old one), not a secret change.
  if (!after || after.kind !== "webhook" || before?.id !== after.id) return;
  const [was, now] = [storedSecret(before), storedSecret(after)];
  // A secret sent again is encrypted anew, so any new ciphertext is a secret set.
  if (now !== "" && now !== was) {
    await recordWorkflowEvent({ workflow, userId, action: "webhook_secret_set", details: { stepId: after.id, replaced: was !== "" }, tx });
  } else if (now === "" && was !== "") {
    await recordWorkflowEvent({ workflow, userId, action: "webhook_secret_removed", details: { stepId: after.id }, tx });
  }
}
