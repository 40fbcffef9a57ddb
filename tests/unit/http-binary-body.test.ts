// Which HTTP response bodies are bytes kept as base64 (lib/http-step/binary-body.ts), how an
// output holds them (readBody, parseBody), what an error says of them, and that secret masking
// keeps their bytes (lib/secrets/redact-secrets.ts).
import { describe, expect, it } from "vitest";
import { describeBinaryBody, isBinaryBody, isTextualContentType } from "@/lib/http-step/binary-body";
import { bodyExcerpt, parseBody, readBody } from "@/lib/http-step/read-http-response";
import { binaryBodyNote } from "@/lib/editor/binary-body-note";
import { REDACTED, redactSecrets } from "@/lib/secrets/redact-secrets";

// A PNG's signature and IHDR chunk start: 0x89, CR LF, 0x1a, NULs — not UTF-8.
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ff8f6f6e0000000049454e44ae426082", "hex");
const ALL_BYTES = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));

describe("isTextualContentType", () => {
  it.each([
    "text/plain",
    "text/csv",
    "text/html; charset=utf-8",
    "application/json",
    "application/problem+json",
    "application/vnd.api+json",
    "application/x-ndjson",
    "application/x-amz-json-1.1",
    "application/xml",
    "text/xml",
    "application/atom+xml",
    "application/xml-dtd",
    "image/svg+xml",
    "application/x-www-form-urlencoded",
    "application/javascript",
    "application/x-javascript",
    "application/ecmascript",
    "application/graphql",
    "application/yaml",
    "APPLICATION/JSON",
    "application/octet-stream; charset=utf-8",
    "application/jwt",
    "application/jose",
    "application/x-pem-file",
  ])("%s is text", (ct) => expect(isTextualContentType(ct)).toBe(true));

  it.each([
    "image/png",
    "image/jpeg",
    "audio/mpeg",
    "video/mp4",
    "font/woff2",
    "application/pdf",
    "application/zip",
    "application/gzip",
    "application/octet-stream",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "application/vnd.ms-excel",
    "application/vnd.wap.wbxml",
    "application/msgpack",
    "multipart/mixed; boundary=x",
  ])("%s is binary", (ct) => expect(isTextualContentType(ct)).toBe(false));
});

describe("isBinaryBody", () => {
  it("follows a media type, whatever the bytes", () => {
    expect(isBinaryBody(Buffer.from("just ASCII"), "application/octet-stream")).toBe(true);
    expect(isBinaryBody(PNG, "text/plain")).toBe(false);
  });

  it("without a Content-Type (or with one that is no media type), sniffs: invalid UTF-8 is binary", () => {
    expect(isBinaryBody(ALL_BYTES, undefined)).toBe(true);
    expect(isBinaryBody(PNG, "")).toBe(true);
    expect(isBinaryBody(PNG, "garbage")).toBe(true);
    expect(isBinaryBody(Buffer.from("Grüße, 東京 ✓"), undefined)).toBe(false);
    expect(isBinaryBody(Buffer.from('{"a":1}'), "   ")).toBe(false);
  });

  it("a charset on a binary type (a servlet's application/pdf;charset=UTF-8): the bytes decide", () => {
    expect(isBinaryBody(PNG, "application/pdf;charset=UTF-8")).toBe(true);
    expect(isBinaryBody(ALL_BYTES, "application/octet-stream; charset=utf-8")).toBe(true);
    expect(isBinaryBody(Buffer.from("Grüße"), "application/octet-stream; charset=utf-8")).toBe(false);
    expect(isBinaryBody(ALL_BYTES, "text/plain; charset=windows-1252")).toBe(false);
  });

  it("an empty body never is", () => {
    expect(isBinaryBody(Buffer.alloc(0), "image/png")).toBe(false);
  });
});

describe("readBody / parseBody", () => {
  it("keeps a PNG's bytes as base64 that decodes to the same bytes", () => {
    const read = readBody(PNG, "image/png");
    expect(read.bodyEncoding).toBe("base64");
    expect(typeof read.body).toBe("string");
    expect(Buffer.from(read.body as string, "base64").equals(PNG)).toBe(true);
    expect(parseBody(PNG, "image/png")).toBe(PNG.toString("base64"));
  });

  it("keeps application/octet-stream as base64, even bytes that happen to be text", () => {
    expect(readBody(ALL_BYTES, "application/octet-stream")).toEqual({ body: ALL_BYTES.toString("base64"), bodyEncoding: "base64" });
    expect(readBody(Buffer.from("hello"), "application/octet-stream")).toEqual({ body: "aGVsbG8=", bodyEncoding: "base64" });
  });

  it("keeps invalid UTF-8 without a Content-Type as base64", () => {
    const read = readBody(ALL_BYTES, undefined);
    expect(read.bodyEncoding).toBe("base64");
    expect(Buffer.from(read.body as string, "base64").equals(ALL_BYTES)).toBe(true);
  });

  it("reads text as before, with no bodyEncoding", () => {
    expect(readBody(Buffer.from("café"), "text/plain")).toEqual({ body: "café" });
    expect(readBody(Buffer.from("plain"), undefined)).toEqual({ body: "plain" });
    expect("bodyEncoding" in readBody(Buffer.from("x"), "text/plain")).toBe(false);
  });

  it("still decodes text/csv in its declared windows-1252", () => {
    const bytes = Buffer.from([0x80, 0x3b, 0x35, 0x0a, 0x93, 0x71, 0x94]); // €;5\n“q”
    expect(readBody(bytes, "text/csv; charset=windows-1252")).toEqual({ body: "€;5\n“q”" });
  });

  it("parses JSON as before: by its type, or sniffed without one", () => {
    expect(readBody(Buffer.from('{"id":7,"name":"café"}'), "application/json")).toEqual({ body: { id: 7, name: "café" } });
    expect(readBody(Buffer.from('[1,2]'), undefined)).toEqual({ body: [1, 2] });
    expect(readBody(Buffer.from('{"ok":true}'), "application/problem+json; charset=utf-8")).toEqual({ body: { ok: true } });
    expect(readBody(Buffer.from("not json"), "application/json")).toEqual({ body: "not json" });
    expect(readBody(Buffer.from(""), "application/json")).toEqual({ body: null });
  });

  it("an empty binary body is an empty text, as before", () => {
    expect(readBody(Buffer.alloc(0), "application/pdf")).toEqual({ body: "" });
  });
});

describe("what an error says of a body", () => {
  it("describes a binary one instead of quoting its base64", () => {
    expect(describeBinaryBody(2048, "image/png; name=x.png")).toBe("(binary body, 2,048 bytes, image/png)");
    expect(describeBinaryBody(1, undefined)).toBe("(binary body, 1 byte)");
    expect(bodyExcerpt(readBody(PNG, "image/png"), PNG.length, "image/png")).toBe(`(binary body, ${PNG.length} bytes, image/png)`);
  });

  it("quotes a text one's start, as before", () => {
    expect(bodyExcerpt(readBody(Buffer.from('{"error":"bad"}'), "application/json"), 15, "application/json")).toBe('{"error":"bad"}');
  });
});

describe("secret masking of a binary body", () => {
  it("does not mask base64 that merely spells a short secret: the bytes are kept", () => {
    // Base64 holding "prod" (a 4-character secret) and "HUNTER2x" in another case, by chance.
    const body = Buffer.from("AAAAprodAAAAhunter2XAAA", "base64").toString("base64");
    expect(body).toContain("prod");
    const output = { status: 200, headers: {}, body, bodyEncoding: "base64" };
    expect(redactSecrets(["prod", "HUNTER2x"])(output)).toEqual(output);
    // As plain text (no bodyEncoding) it is masked, as any text is.
    expect(redactSecrets(["prod"])({ body })).toEqual({ body: body.replace("prod", REDACTED) });
  });

  it("masks a secret echoed in the bytes, in the bytes", () => {
    const SECRET = "tok-9f2c61d0e4b7a3";
    const bytes = Buffer.concat([PNG.subarray(0, 8), Buffer.from(`Authorization: Bearer ${SECRET}`), Buffer.from([0, 0xff])]);
    const out = redactSecrets([SECRET])({ status: 200, body: bytes.toString("base64"), bodyEncoding: "base64" }) as { body: string; bodyEncoding: string };
    expect(out.bodyEncoding).toBe("base64");
    const masked = Buffer.from(out.body, "base64");
    expect(masked.includes(SECRET)).toBe(false);
    expect(masked.equals(Buffer.concat([PNG.subarray(0, 8), Buffer.from(`Authorization: Bearer ${REDACTED}`), Buffer.from([0, 0xff])]))).toBe(true);
  });

  it("masks a secret the base64 text itself spells (a step's own { bodyEncoding, body: secret })", () => {
    // 16 letters and digits: base64 as the step writes it, its 12 bytes holding no secret.
    const KEY = "sk4LiveAbCdEf789";
    expect(Buffer.from(KEY, "base64").toString("base64")).toBe(KEY);
    expect(redactSecrets([KEY])({ bodyEncoding: "base64", body: KEY })).toEqual({ bodyEncoding: "base64", body: REDACTED });
    const around = `AAAA${KEY}AAAA`;
    expect(redactSecrets([KEY])({ bodyEncoding: "base64", body: around })).toEqual({ bodyEncoding: "base64", body: `AAAA${REDACTED}AAAA` });
  });

  it("masks a look-alike that is not base64 as text", () => {
    expect(redactSecrets(["hunter2"])({ body: "pw hunter2!", bodyEncoding: "base64" })).toEqual({ body: `pw ${REDACTED}!`, bodyEncoding: "base64" });
  });

  it("keeps 5 MB of random bytes whole with short secrets about", () => {
    const bytes = Buffer.alloc(5 * 1024 * 1024);
    // xorshift32: the same bytes on every run.
    for (let i = 0, x = 2463534242; i < bytes.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      bytes[i] = x & 0xff;
    }
    const body = bytes.toString("base64");
    const redact = redactSecrets(["abc", "prod", "Xy9", "s3cr3t-token-value"]);
    const out = redact({ body, bodyEncoding: "base64" }) as { body: string };
    expect(out.body === body).toBe(true);
    // Masked as text, the same base64 loses bytes wherever it spells one of them.
    expect((redact({ body }) as { body: string }).body.includes(REDACTED)).toBe(true);
  });
});

describe("binaryBodyNote (the editor's line over such an output)", () => {
  it("says a binary body's size and type", () => {
    const output = { status: 200, headers: { "content-type": "image/png" }, bodyEncoding: "base64", body: PNG.toString("base64") };
    expect(binaryBodyNote(output)).toBe(`Binary body: ${PNG.length} bytes (image/png), as base64`);
    expect(binaryBodyNote({ body: Buffer.alloc(2048).toString("base64"), bodyEncoding: "base64" })).toBe("Binary body: 2,048 bytes, as base64");
    expect(binaryBodyNote({ body: "aA==", bodyEncoding: "base64" })).toBe("Binary body: 1 byte, as base64");
  });

  it("is nothing for any other output", () => {
    expect(binaryBodyNote({ status: 200, headers: {}, body: "text" })).toBeNull();
    expect(binaryBodyNote({ body: { a: 1 }, bodyEncoding: "base64" })).toBeNull();
    expect(binaryBodyNote(null)).toBeNull();
    expect(binaryBodyNote("x")).toBeNull();
  });
});
