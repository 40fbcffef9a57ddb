import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateWebhookToken, isWellFormedToken } from "@/lib/triggers/generate-webhook-token";
import { decodeSignature, signatureCandidates, signatureHeaderName, verifySignature } from "@/lib/triggers/verify-signature";

const secret = "It's a Secret to Everybody";
const body = Buffer.from("Hello, World!");
const hex = "757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";
const digest = Buffer.from(hex, "hex");
const b64 = digest.toString("base64"); // contains "+" or "/" and one "="
const ok = (header: string | string[] | undefined, b: Uint8Array = body) => verifySignature({ secret, body: b, header });

describe("verifySignature", () => {
  it("passes GitHub's documented test vector", () => {
    expect(createHmac("sha256", secret).update(body).digest("hex")).toBe(hex);
    expect(ok(`sha256=${hex}`)).toBe(true);
  });

  it("accepts hex in either case, with or without a sha256= prefix in any case", () => {
    for (const v of [hex, hex.toUpperCase(), `sha256=${hex}`, `SHA256=${hex.toUpperCase()}`, `Sha256=${hex}`]) expect(ok(v), v).toBe(true);
  });

  it("accepts base64 in the standard and URL-safe alphabets, padded or not", () => {
    expect(b64).toMatch(/[+/]/);
    const url = digest.toString("base64url");
    for (const v of [b64, b64.replace(/=+$/, ""), url, `${url}=`, `sha256=${b64}`, `SHA256=${url}`]) expect(ok(v), v).toBe(true);
  });

  it("ignores whitespace around the value, and after the prefix", () => {
    for (const v of [`  ${hex}  `, `\t${b64}\n`, ` sha256=${hex} `, `sha256= ${hex}`]) expect(ok(v), JSON.stringify(v)).toBe(true);
  });

  it("passes when any one of several values matches (comma, space, repeated header)", () => {
    const wrong = "0".repeat(64);
    expect(ok(`${wrong},${hex}`)).toBe(true);
    expect(ok(`${wrong}, sha256=${hex}`)).toBe(true);
    expect(ok(`${wrong} ${b64}`)).toBe(true);
    expect(ok([wrong, `sha256=${hex}`])).toBe(true);
    expect(ok([wrong, wrong])).toBe(false);
  });

  it("rejects a signature of another body or under another secret", () => {
    expect(ok(hex, Buffer.from("Hello, World?"))).toBe(false);
    expect(verifySignature({ secret: "other", body, header: hex })).toBe(false);
    // The HMAC is over the raw bytes: the same JSON re-serialised does not match.
    const raw = Buffer.from('{"a": 1}');
    const sig = createHmac("sha256", secret).update(raw).digest("hex");
    expect(ok(sig, raw)).toBe(true);
    expect(ok(sig, Buffer.from('{"a":1}'))).toBe(false);
  });

  it("rejects missing, empty and malformed values without throwing", () => {
    const bad = [
      undefined,
      "",
      "   ",
      [],
      "sha256=",
      "sha1=" + hex.slice(0, 40),
      hex.slice(0, 63),
      hex + "0",
      hex.slice(0, 62) + "zz",
      b64.slice(0, 20),
      b64 + "AA",
      "sha256=" + "g".repeat(64),
      "%%%%",
      "\u0000".repeat(64),
      "🙂".repeat(40),
      "x".repeat(10_000),
      ",,,, , ,",
      `md5=${hex}`,
      `sha256=sha256=${hex}`,
    ];
    for (const v of bad) expect(() => ok(v as string)).not.toThrow();
    for (const v of bad) expect(ok(v as string), JSON.stringify(v)?.slice(0, 40)).toBe(false);
  });

  it("rejects a wrong value of the right length", () => {
    const flipped = Buffer.from(digest);
    flipped[31] ^= 1;
    expect(ok(flipped.toString("hex"))).toBe(false);
    expect(ok(flipped.toString("base64"))).toBe(false);
  });

  it("looks at every value, however many", () => {
    const many = Array.from({ length: 200 }, () => "0".repeat(64));
    expect(ok([...many, hex].join(","))).toBe(true);
    expect(signatureCandidates(many.join(" ")).length).toBe(200);
  });

  it("signs the raw bytes, including binary bodies", () => {
    const bin = Buffer.from([0, 255, 1, 254, 10, 13]);
    expect(ok(createHmac("sha256", secret).update(bin).digest("base64url"), bin)).toBe(true);
  });
});

describe("decodeSignature and header name", () => {
  it("decodes only 32-byte digests", () => {
    expect(decodeSignature(hex)?.equals(digest)).toBe(true);
    expect(decodeSignature(b64)?.equals(digest)).toBe(true);
    expect(decodeSignature(Buffer.alloc(31).toString("base64"))).toBeNull();
    expect(decodeSignature(Buffer.alloc(48, 0xff).toString("base64"))).toBeNull();
  });

  it("reads x-service-signature unless a header is named, case-insensitively", () => {
    expect(signatureHeaderName(undefined)).toBe("x-service-signature");
    expect(signatureHeaderName("")).toBe("x-service-signature");
    expect(signatureHeaderName("  ")).toBe("x-service-signature");
    expect(signatureHeaderName("X-Hub-Signature-256")).toBe("x-hub-signature-256");
  });
});

describe("generateWebhookToken", () => {
  it("issues unique 256-bit base64url tokens", () => {
    const tokens = new Set(Array.from({ length: 1000 }, generateWebhookToken));
    expect(tokens.size).toBe(1000);
    for (const t of tokens) {
      expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(isWellFormedToken(t)).toBe(true);
    }
    expect(isWellFormedToken("short")).toBe(false);
    expect(isWellFormedToken("a".repeat(30) + "/")).toBe(false);
  });
});
