// A Raw body is written in the charset its Content-Type declares: windows-1252 / ISO-8859-1 (the
// WHATWG labels the intake and the step's responses read with), UTF-16LE, UTF-8 by default. A
// character the charset has no byte for fails the step with nothing sent; an unknown charset is
// sent only while the text is ASCII. It was always UTF-8: a Latin-1 reader saw "GrÃ¼ÃŸe".
// Real HTTP to a local server on 127.0.0.1 for what arrives.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildHttpRequest } from "@/lib/http-step/build-http-request";
import { encodeInCharset } from "@/lib/http-step/encode-charset";
import { httpConfig } from "@/lib/steps/catalog";
import { createHttpExecutor } from "@/lib/steps/executors/http";
import { StepError } from "@/lib/steps/executors/types";
import { startLocalServer } from "@/tests/helpers/local-server";
import { memoryDeps } from "@/tests/helpers/memory-connections";
import { resolvingContext } from "@/tests/helpers/resolving-context";

const TEXT = "Grüße, 10 € — “ok” ½";
const raw = (contentType: string, text = TEXT, more: Record<string, unknown> = {}) =>
  buildHttpRequest(httpConfig.parse({ method: "POST", url: "https://psa.example/notes", body: { type: "raw", raw: text, contentType }, ...more }), resolvingContext("http", {}, {}).resolve);

describe("a Raw body in its declared charset", () => {
  it("is windows-1252 bytes for iso-8859-1, latin1 and windows-1252, and reads back as the same text", () => {
    for (const charset of ["iso-8859-1", "latin1", "windows-1252", "ISO-8859-1"]) {
      const { body } = raw(`text/plain; charset=${charset}`);
      expect(Buffer.isBuffer(body)).toBe(true);
      expect(new TextDecoder(charset).decode(body as Buffer)).toBe(TEXT);
      expect((body as Buffer).length).toBe([...TEXT].length); // one byte a character
    }
  });

  it("is UTF-16LE after a byte order mark for utf-16, which without one Java and RFC 2781 read big-endian", () => {
    for (const charset of ["utf-16", "UTF-16", "unicode"]) {
      const body = raw(`text/plain; charset=${charset}`).body as Buffer;
      expect(body.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xfe]));
      expect(new TextDecoder("utf-16le").decode(body)).toBe(TEXT); // the mark dropped
    }
  });

  it("is UTF-16LE for utf-16le, and text (UTF-8) with no charset or utf-8", () => {
    expect(new TextDecoder("utf-16le").decode(raw("text/plain; charset=utf-16le").body as Buffer)).toBe(TEXT);
    expect((raw("text/plain; charset=utf-16le").body as Buffer).subarray(0, 2)).toEqual(Buffer.from("G\0"));
    expect(raw("text/plain").body).toBe(TEXT);
    expect(raw('text/plain; charset="UTF-8"').body).toBe(TEXT);
  });

  it("follows a Content-Type header over the body's field", () => {
    const { body } = raw("text/plain", TEXT, { headers: [{ name: "content-type", value: "text/csv; charset=windows-1252" }] });
    expect(new TextDecoder("windows-1252").decode(body as Buffer)).toBe(TEXT);
  });

  it("refuses a character the charset cannot write, naming it and where, with nothing sent", () => {
    expect(() => raw("text/plain; charset=iso-8859-1", "ok 👍 then")).toThrow(StepError);
    expect(() => raw("text/plain; charset=iso-8859-1", "ok 👍 then")).toThrow(
      'the Raw body cannot be sent as text/plain; charset=iso-8859-1: it has "👍" (U+1F44D) at character 4, which iso-8859-1 has no byte for; nothing was sent: remove the character, or send charset=utf-8',
    );
  });

  it("sends a charset it does not write only while the text is ASCII", () => {
    expect(encodeInCharset("plain ascii", "text/plain; charset=iso-8859-15")).toEqual({ body: "plain ascii" });
    expect(encodeInCharset("Grüße", "text/plain; charset=shift_jis")).toEqual({
      problem: 'it has "ü" (U+00FC) at character 3, and shift_jis is not a charset this step writes (UTF-8, windows-1252 / ISO-8859-1, UTF-16LE)',
    });
  });
});

describe("what the server receives", () => {
  let server: Awaited<ReturnType<typeof startLocalServer>>;
  beforeAll(async () => {
    server = await startLocalServer((_req, res) => res.writeHead(204).end());
  });
  afterAll(() => server.close());

  it("is the Latin-1 bytes, with the Content-Type as declared", async () => {
    const config = { method: "POST", url: `${server.url}/notes`, body: { type: "raw", raw: "Grüße {{ 1.n }}", contentType: "text/plain; charset=iso-8859-1" } };
    await createHttpExecutor(memoryDeps([]))(resolvingContext("http", config, { 1: { n: "Müller" } }));
    const got = server.requests.at(-1)!;
    expect(got.headers["content-type"]).toBe("text/plain; charset=iso-8859-1");
    expect(got.bytes.equals(Buffer.from("Grüße Müller", "latin1"))).toBe(true);
    expect(got.headers["content-length"]).toBe(String("Grüße Müller".length));
  });
});
