// One rule for a webhook's shared secret, in the editor's config and in the client's review: a
// secret of only spaces is refused, saying so; spaces in a real secret are kept as typed.
import { describe, expect, it } from "vitest";
import { webhookConfig } from "@/lib/steps/catalog";
import { webhookSecretChoice } from "@/lib/push/set-review-webhook-secret";

const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe("shared secret text", () => {
  it("refuses only spaces in the review and in the editor's webhook config", () => {
    expect(issue(webhookSecretChoice.safeParse({ sharedSecret: "   " }))).toBe("must not be only spaces: type the secret your sender signs with");
    expect(issue(webhookConfig.safeParse({ sharedSecret: " \t " }))).toBe("must not be only spaces: type the secret your sender signs with");
  });

  it("keeps a real secret as typed, and the editor's empty string for none", () => {
    expect(webhookSecretChoice.parse({ sharedSecret: " s3cret " }).sharedSecret).toBe(" s3cret ");
    expect(webhookConfig.parse({ sharedSecret: "" }).sharedSecret).toBe("");
    expect(issue(webhookSecretChoice.safeParse({ sharedSecret: "" }))).toBe("must not be empty");
  });
});
