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

  it("masks a secret as other JSON encoders escape it (PHP's \\/, Go's and .NET's \\u0026, Python's ensure_ascii)", () => {
    const hook = "https://hooks.example.com/services/T0001/B0002/abcDEF123456";
    const pw = "Tr0ub4dor&3-horse";
    const r = redactSecrets([hook, pw, "pässwörd-<1>='x'+`y`", "key-😀-emoji", "pl/ain&mix"]);
    // PHP's json_encode default: "/" as "\/", answered as text/plain.
    expect(r(`{"echo":"${hook.replaceAll("/", "\\/")}"}`)).toBe(`{"echo":"${REDACTED}"}`);
    // Go's HTML-safe JSON, in either case of hex.
    expect(r(`{"error":"bad password Tr0ub4dor\\u00263-horse"}`)).toBe(`{"error":"bad password ${REDACTED}"}`);
    expect(r("Tr0ub4dor\\u00263-HORSE")).toBe(REDACTED);
    // Python's ensure_ascii (lower-case hex), .NET's escapes (upper-case hex), all at once.
    expect(r("p\\u00e4ssw\\u00f6rd-<1>='x'+`y`")).toBe(REDACTED);
    expect(r("p\\u00E4ssw\\u00F6rd-\\u003C1\\u003E\\u003D\\u0027x\\u0027\\u002B\\u0060y\\u0060")).toBe(REDACTED);
    // Astral characters as surrogate pairs.
    expect(r('"key-\\ud83d\\ude00-emoji"')).toBe(`"${REDACTED}"`);
    // One encoder escapes one character, another the other: any mix.
    expect(r("pl\\/ain\\u0026mix and pl\\u002fain&mix")).toBe(`${REDACTED} and ${REDACTED}`);
    // Cut before an ellipsis inside an escaped form.
    expect(r(`HTTP 400: {"echo":"${hook.replaceAll("/", "\\/").slice(0, 40)}…`)).toBe(`HTTP 400: {"echo":"${REDACTED}…`);
    // Real encoders' output, for the record.
    expect(r(JSON.stringify({ a: pw }).replace("&", "\\u0026"))).toBe(`{"a":"${REDACTED}"}`);
  });

  it("stays fast with many secrets full of escapable characters on a large output", () => {
    const secrets = Array.from({ length: 50 }, (_, i) => `s/${i}&<é>'=+${"x/".repeat(30)}ü😀`);
    const r = redactSecrets(secrets);
    const text = `${"lorem ipsum / & < é ".repeat(25_000)}${JSON.stringify(secrets[7]).replaceAll("/", "\\/")}`; // ~500,000 characters
    const started = performance.now();
    const out = r(text);
    expect(out.endsWith(`"${REDACTED}"`)).toBe(true);
    expect(performance.now() - started).toBeLessThan(2_000);
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

  it("masks a secret inside a longer base64 text whatever its alignment (user:secret as Basic auth)", () => {
    const r = redactSecrets(["TOPSECRETVALUE42"]);
    for (const user of ["user", "admin", "ops", "a", "svc-account"]) {
      const basic = Buffer.from(`${user}:TOPSECRETVALUE42`).toString("base64");
      const shown = r(`Authorization: Basic ${basic}`);
      expect(shown).toContain(REDACTED);
      // What is left of the credential around the mask decodes to the username, not the secret.
      for (const piece of shown.slice("Authorization: Basic ".length).split(REDACTED)) {
        expect(Buffer.from(piece, "base64").toString("latin1")).not.toMatch(/SECRET|VALUE/);
      }
    }
    // Unrelated base64 is kept.
    const other = Buffer.from("user:something-else-entirely").toString("base64");
    expect(r(other)).toBe(other);
  });

  it("masks the start of a secret that a shortened text cut off before its ellipsis", () => {
    const r = redactSecrets(["TOPSECRETVALUE42", "eyJhbGciOiJIUzI1NiJ9.long-token-value"]);
    expect(r('HTTP 403: {"echoAuth":"TOPSECR…')).toBe(`HTTP 403: {"echoAuth":"${REDACTED}…`);
    expect(r('  "eyJhbGciOiJIUzI1NiJ9.lon… equals "x" → false')).toBe(`  "${REDACTED}… equals "x" → false`);
    expect(r("first topsecretval… then TOPSECRETVALUE42 whole")).toBe(`first ${REDACTED}… then ${REDACTED} whole`);
    // Two characters tell nothing; without an ellipsis nothing was cut; elsewhere in the text a
    // start of a secret is ordinary text.
    expect(r("value TO…")).toBe("value TO…");
    expect(r("TOPSECR is a word here")).toBe("TOPSECR is a word here");
  });

  it("stays fast on a large text full of ellipses", () => {
    const r = redactSecrets(Array.from({ length: 20 }, (_, i) => `secret-number-${i}-${"x".repeat(200)}`));
    const text = "secret-number-1-xx…".repeat(3_000); // ~57,000 characters, 3,000 cuts
    // Bounded work (the first 256 cuts are looked at), so this ends well inside the test's timeout.
    const out = r(text);
    expect(out.startsWith(`${REDACTED}…${REDACTED}…`)).toBe(true);
    expect(out.endsWith("secret-number-1-xx…")).toBe(true);
  });

  it("is the identity without secrets", () => {
    const v = { a: 1 };
    expect(redactSecrets([null])(v)).toBe(v);
  });
});
