import { describe, expect, it } from "vitest";
import { redactSecrets, REDACTED } from "@/lib/secrets/redact-secrets";

describe("redactSecrets", () => {
  const redact = redactSecrets(["s3cr3t", "s3cr3t-longer", null, "ab", "123456"]);
  it("masks secret values in strings, keys and numbers, deeply", () => {
    expect(redact({ a: "token s3cr3t-longer and s3cr3t", list: ["xs3cr3tx", 123456], s3cr3t: 1, short: "ab" })).toEqual({
      a: `token ${REDACTED} and ${REDACTED}`,
      list: [`x${REDACTED}x`, REDACTED],
      [REDACTED]: 1,
      short: "ab",
    });
    expect(redact("Bearer s3cr3t")).toBe(`Bearer ${REDACTED}`);
  });
  it("is the identity without secrets", () => {
    const v = { a: 1 };
    expect(redactSecrets([null])(v)).toBe(v);
  });
});
