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
  it("masks the secret in another case, base64, URL-encoded and JSON-escaped too", () => {
    const r = redactSecrets(["topsecret", 'p@ss w"rd+/1']);
    const b64 = Buffer.from("topsecret").toString("base64");
    expect(r({ u: "TOPSECRET", m: "TopSecret!", b: `Basic ${b64}`, b2: Buffer.from('p@ss w"rd+/1').toString("base64url") })).toEqual({
      u: REDACTED,
      m: `${REDACTED}!`,
      b: `Basic ${REDACTED}`,
      b2: REDACTED,
    });
    expect(r(`q=${encodeURIComponent('p@ss w"rd+/1')}&x=1`)).toBe(`q=${REDACTED}&x=1`);
    expect(r(JSON.stringify({ pw: 'p@ss w"rd+/1' }))).toBe(`{"pw":"${REDACTED}"}`);
    // A part of it is not recognisable as the secret (README: masking has limits).
    expect(r("opsecret")).toBe("opsecret");
  });

  it("masks a secret sent as a query or form value (URLSearchParams: + for space, %xx for !'())", () => {
    const r = redactSecrets(["s3cr3t pass!(x)"]);
    const asQuery = new URL(`https://api.example.test/x?${new URLSearchParams({ k: "s3cr3t pass!(x)" })}`).toString();
    expect(r(asQuery)).toBe(`https://api.example.test/x?k=${REDACTED}`);
  });

  it("masks a numeric secret beyond double precision, rounded or exact", () => {
    const r = redactSecrets(["12345678901234567890"]);
    expect(r({ pin: JSON.parse("12345678901234567890") })).toEqual({ pin: REDACTED });
    const raw = (JSON as unknown as { rawJSON(t: string): unknown }).rawJSON;
    expect(r({ pin: raw("12345678901234567890"), other: raw("98765432109876543210") })).toEqual({ pin: REDACTED, other: raw("98765432109876543210") });
    expect(JSON.stringify(r({ other: raw("98765432109876543210") }))).toBe('{"other":98765432109876543210}');
  });

  it("is the identity without secrets", () => {
    const v = { a: 1 };
    expect(redactSecrets([null])(v)).toBe(v);
  });
});
