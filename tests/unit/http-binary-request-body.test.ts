// An HTTP Request's binary body: base64 (an earlier download's `{{ 2.body }}`) sent as the exact
// bytes it stands for, with the body's Content-Type unless a header sets one. Text that is not
// base64 is refused naming the field, with nothing sent; a 307 re-sends the same bytes; a secret's
// piece in the bytes is found as in a text body; the editor names the choice, says what to give
// and says what a test sends by size, not base64. Real HTTP to a local server on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { choiceLabelFor, describeSchema, fieldLabelFor, helpFor } from "@/lib/editor/form-model";
import { buildHttpRequest } from "@/lib/http-step/build-http-request";
import { secretPieceInRequest } from "@/lib/http-step/secret-in-request";
import { describeTestSend, whatStepSends } from "@/lib/http-step/what-a-test-sends";
import { httpConfig } from "@/lib/steps/catalog";
import { createHttpExecutor } from "@/lib/steps/executors/http";
import { StepError } from "@/lib/steps/executors/types";
import { findMissingFields } from "@/lib/steps/find-missing-fields";
import { startLocalServer } from "@/tests/helpers/local-server";
import { memoryDeps } from "@/tests/helpers/memory-connections";
import { resolvingContext } from "@/tests/helpers/resolving-context";

// Every byte value: 0x80–0xff are not UTF-8 on their own, so a text body would not carry them.
const BYTES = Buffer.from(Array.from({ length: 600 }, (_, i) => i % 256));
const outputs = { 1: {}, 2: { status: 200, bodyEncoding: "base64", body: BYTES.toString("base64") } };

const config = (body: Record<string, unknown>, more: Record<string, unknown> = {}) => httpConfig.parse({ method: "POST", url: "https://psa.example/attachments", body, ...more });
const build = (body: Record<string, unknown>, more: Record<string, unknown> = {}) =>
  buildHttpRequest(config(body, more), resolvingContext("http", {}, outputs).resolve);

describe("building a request with a binary body", () => {
  it("sends the exact bytes of {{ 2.body }}, with its content type", () => {
    const req = build({ type: "binary", base64: "{{ 2.body }}", contentType: "application/pdf" });
    expect(Buffer.isBuffer(req.body)).toBe(true);
    expect((req.body as Buffer).equals(BYTES)).toBe(true);
    expect(req.headers["content-type"]).toBe("application/pdf");
  });

  it("is application/octet-stream by default, and a Content-Type header wins", () => {
    expect(build({ type: "binary", base64: "{{ 2.body }}" }).headers["content-type"]).toBe("application/octet-stream");
    const req = build({ type: "binary", base64: "{{ 2.body }}", contentType: "application/pdf" }, { headers: [{ name: "Content-Type", value: "image/png" }] });
    expect(Object.entries(req.headers).filter(([k]) => k.toLowerCase() === "content-type")).toEqual([["Content-Type", "image/png"]]);
  });

  it("reads base64 with line breaks (MIME) and base64url without padding", () => {
    const mime = BYTES.toString("base64").replace(/.{76}/g, "$&\r\n");
    expect((build({ type: "binary", base64: mime }).body as Buffer).equals(BYTES)).toBe(true);
    const url = BYTES.subarray(250, 256).toString("base64url"); // "-_" and no "="
    expect(url).toMatch(/[-_]/);
    expect((build({ type: "binary", base64: url }).body as Buffer).equals(BYTES.subarray(250, 256))).toBe(true);
  });

  it("refuses text that is not base64, naming the field and where it goes wrong", () => {
    const refused = (base64: string) => {
      try {
        build({ type: "binary", base64 });
      } catch (e) {
        expect(e).toBeInstanceOf(StepError);
        return (e as Error).message;
      }
      throw new Error("not refused");
    };
    expect(refused("JVBERi0x%LjcK")).toBe(
      `the body's Bytes (base64) is not base64: it has "%" (U+0025) at character 9, which base64 does not use; nothing was sent: give the file's bytes as base64, e.g. {{ 2.body }} of an HTTP Request that downloaded it`,
    );
    expect(refused('{"status":200}')).toMatch(/^the body's Bytes \(base64\) is not base64: it has "\{"/);
    expect(refused("QUJD=QUJD")).toMatch(/"=" is padding, only at its very end/);
    expect(refused("QUJDR")).toMatch(/part of it is missing/);
    expect(refused("QUJDRA=")).toMatch(/padding/);
    expect(refused("  ")).toMatch(/^the body's Bytes \(base64\) is empty; nothing was sent/);
  });

  it("leaves the other body types as they were", () => {
    expect(build({ type: "raw", raw: "héllo" })).toMatchObject({ body: "héllo", headers: { "content-type": "text/plain" } });
    expect(build({ type: "json", json: { a: 1 } }).body).toBe('{"a":1}');
  });
});

describe("a binary body sent", () => {
  let server: Awaited<ReturnType<typeof startLocalServer>>;
  beforeAll(async () => {
    server = await startLocalServer((req, res) => {
      if (req.url === "/moved") res.writeHead(307, { location: "/upload" });
      else res.writeHead(201, { "content-type": "application/json" });
      res.end(req.url === "/moved" ? undefined : "{}");
    });
  });
  afterAll(() => server.close());

  const run = (path: string, base64: string) =>
    createHttpExecutor(memoryDeps([]))(resolvingContext("http", { method: "POST", url: `${server.url}${path}`, body: { type: "binary", base64: base64, contentType: "application/pdf" } }, outputs));

  it("arrives byte for byte with its Content-Length, and again after a 307", async () => {
    server.requests.length = 0;
    const ctx = resolvingContext("http", { method: "POST", url: `${server.url}/moved`, body: { type: "binary", base64: "{{ 2.body }}", contentType: "application/pdf" } }, outputs);
    await createHttpExecutor(memoryDeps([]))(ctx);
    expect(server.requests.map((r) => r.url)).toEqual(["/moved", "/upload"]);
    for (const r of server.requests) {
      expect(r.bytes.equals(BYTES)).toBe(true);
      expect(r.headers).toMatchObject({ "content-type": "application/pdf", "content-length": "600" });
    }
    expect(ctx.lines).toContain("sending a binary body: 600 bytes (application/pdf)");
  });

  it("is not sent at all when it is not base64", async () => {
    server.requests.length = 0;
    await expect(run("/upload", "not base64!")).rejects.toThrow(/Bytes \(base64\) is not base64.*nothing was sent/);
    expect(server.requests).toEqual([]);
  });
});

describe("a binary body's checks", () => {
  it("a secret's piece in the bytes is found, as in a text body", () => {
    const secret = "sk_live_4f9a8b7c6d5e4f3a";
    const bytes = Buffer.concat([BYTES.subarray(0, 100), Buffer.from(secret.slice(2, 16), "latin1"), BYTES.subarray(100)]);
    expect(secretPieceInRequest({ url: "https://x.example/", headers: {}, body: bytes }, { KEY: secret })).toEqual({ where: "the body", secret: "KEY" });
    expect(secretPieceInRequest({ url: "https://x.example/", headers: {}, body: BYTES }, { KEY: secret })).toBeNull();
  });

  it("a secret's piece in a Raw body sent as UTF-16LE or windows-1252 is found too", () => {
    const secret = "sk_live_4f9a8b7c6d5e€f3a";
    const raw = (charset: string) => build({ type: "raw", raw: `note ${secret.slice(3, 24)}`, contentType: `text/plain; charset=${charset}` }).body;
    for (const charset of ["utf-16le", "windows-1252"]) {
      expect(Buffer.isBuffer(raw(charset))).toBe(true);
      expect(secretPieceInRequest({ url: "https://x.example/", headers: {}, body: raw(charset) }, { KEY: secret })).toEqual({ where: "the body", secret: "KEY" });
    }
  });

  it("base64 written in the step is judged before any run; a reference only in a run", () => {
    const step = (base64: string) => ({ method: "POST", url: "https://psa.example/a", body: { type: "binary", base64 } });
    expect(findMissingFields("http", step("abc%"))).toEqual([
      { field: "body.base64", label: "Bytes (base64)", message: `Bytes (base64) is not base64: it has "%" (U+0025) at character 4, which base64 does not use` },
    ]);
    expect(findMissingFields("http", step(""))).toMatchObject([{ field: "body.base64", message: "Bytes (base64) is required" }]);
    expect(findMissingFields("http", step("{{ 2.body }}"))).toEqual([]);
    expect(findMissingFields("http", step("QUJD"))).toEqual([]);
  });

  it("a secret read into it counts as sent, to a host a run's data makes", () => {
    const found = findMissingFields("http", { method: "POST", url: "https://{{ 1.host }}/a", body: { type: "binary", base64: "{{ secrets.FILE }}" } });
    expect(found).toMatchObject([{ field: "body.base64", message: expect.stringMatching(/^Bytes \(base64\) sends secret FILE/) }]);
  });
});

describe("the editor", () => {
  it("offers the body type as Binary (base64), its field labelled and explained", () => {
    const body = describeSchema(httpConfig, "http");
    const choice = body.type === "object" ? body.fields.find((f) => f.key === "body")?.spec : undefined;
    expect(choice?.type === "union" && choice.options.map((o) => choiceLabelFor("http", ["body"], o.value))).toEqual(["none", "json", "form", "raw", "Binary (base64)"]);
    expect(fieldLabelFor("http", ["body", "base64"])).toBe("Bytes (base64)");
    expect(helpFor("http", ["body", "base64"])).toBe("The file's bytes as base64 — e.g. {{ 2.body }} from an HTTP Request that downloaded it");
  });

  it("says what a test sends by size and type, never the base64", () => {
    const said = (body: Record<string, unknown>, headers: unknown[] = []) =>
      describeTestSend(whatStepSends({ id: "s2", kind: "http", config: { method: "POST", url: "https://psa.example/a", headers, body } }, 3, new Map())!);
    expect(said({ type: "binary", base64: BYTES.toString("base64"), contentType: "application/pdf" })).toBe("POST https://psa.example/a, sending 600 bytes (application/pdf)");
    expect(said({ type: "binary", base64: "{{ 2.body }}" }, [{ name: "content-type", value: "image/png" }])).toBe("POST https://psa.example/a, sending the bytes of {{ 2.body }} (image/png)");
    expect(said({ type: "raw", raw: "x" })).toBe("POST https://psa.example/a");
  });
});
