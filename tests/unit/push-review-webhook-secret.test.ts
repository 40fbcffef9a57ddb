// The review's webhook secret item, from the push's requirement and the copy's trigger.
import { describe, expect, it } from "vitest";
import { computeReview } from "@/lib/push/compute-review";
import type { Step } from "@/lib/workflows/definition";

const hook = (config: Record<string, unknown>): Step => ({ id: "hook", kind: "webhook", name: "Alert", config: { signatureHeader: "X-Sig", ...config } }) as Step;
const review = (steps: Step[], required: boolean, unsignedAcceptedAt: Date | null = null) =>
  computeReview({ steps, accountSteps: [], reviewedAt: new Date(), accounts: [], variables: new Map(), files: new Set(), webhookSecret: { required, unsignedAcceptedAt } });

describe("webhook secret review item", () => {
  it("is open until the client sets its own secret or accepts unsigned deliveries", () => {
    const open = review([hook({})], true);
    expect(open.complete).toBe(false);
    expect(open.missing).toEqual([expect.objectContaining({ kind: "webhook_secret", stepId: "hook", signatureHeader: "X-Sig", state: "not_set" })]);
    expect(review([hook({ sharedSecretEncrypted: "v1:x" })], true).items[0]).toMatchObject({ state: "own_secret", done: true, unsignedAcceptedAt: null });
    const at = new Date("2026-01-02T03:04:05Z");
    expect(review([hook({})], true, at).items[0]).toMatchObject({ state: "unsigned_accepted", done: true, unsignedAcceptedAt: at.toISOString() });
    // The client's own secret wins over an earlier acceptance.
    expect(review([hook({ sharedSecretEncrypted: "v1:x" })], true, at).items[0]).toMatchObject({ state: "own_secret", unsignedAcceptedAt: null });
  });

  it("names the header the client's sender signs in, the default one too (it was left unsaid)", () => {
    const noHeader = (config: Record<string, unknown>) => ({ ...hook(config), config: { ...config } }) as Step;
    expect(review([noHeader({})], true).items[0].message).toContain("verifies signatures (header x-service-signature, the default)");
    expect(review([noHeader({ sharedSecretEncrypted: "v1:x" })], true).items[0].message).toBe(
      "step 1 (Alert) verifies deliveries with your own shared secret, signed in header x-service-signature (the default: senders rarely use it, so name your sender's header on the trigger in the editor)",
    );
    expect(review([hook({ sharedSecretEncrypted: "v1:x" })], true).items[0].message).toBe("step 1 (Alert) verifies deliveries with your own shared secret, signed in header X-Sig");
  });

  it("is not asked when the push did not require it, or the copy's trigger is no webhook", () => {
    expect(review([hook({})], false).items.map((i) => i.kind)).toEqual(["confirm"]);
    const scheduler = { id: "cron", kind: "scheduler", name: "Monthly", config: { cron: "0 2 1 * *" } } as Step;
    expect(review([scheduler], true).items.map((i) => i.kind)).toEqual(["confirm"]);
  });
});
