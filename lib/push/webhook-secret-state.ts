// Whether the client review's "webhook shared secret" item is settled. One decision for the review
// of a copy (compute-review.ts) and for the preflight of a push to it (plan-push.ts, on the copy
// the push would leave), so the provider is never told about an item the client already answered.
// Pure and client-safe.
import type { Step } from "@/lib/workflows/definition";

/** own_secret: the copy's trigger has the client's own secret; unsigned_accepted: the client chose
 *  to accept unsigned deliveries (PUT …/review/webhook-secret); not_set: still open. */
export type WebhookSecretState = "not_set" | "own_secret" | "unsigned_accepted";

/** Only the first step is the trigger the intake verifies with (lib/intake/lookup-endpoints.ts). */
export function hasSharedSecret(trigger: Step | undefined): boolean {
  const secret = trigger?.kind === "webhook" ? trigger.config.sharedSecretEncrypted : undefined;
  return typeof secret === "string" && secret !== "";
}

/** The client's own secret wins over an earlier acceptance: deliveries are verified with it. */
export function webhookSecretState(trigger: Step | undefined, unsignedAcceptedAt: Date | null): WebhookSecretState {
  return hasSharedSecret(trigger) ? "own_secret" : unsignedAcceptedAt ? "unsigned_accepted" : "not_set";
}
