// An HTTP Request whose answer is binary (a PDF, an image, a ZIP, application/octet-stream) keeps
// its bytes: the output's body is their base64, with bodyEncoding "base64". Read as UTF-8 text, as
// every non-JSON answer was, each byte that is not UTF-8 became U+FFFD and the file was lost to
// every later step. Through the real server and worker (a workflow's step test, as Test & Debug
// runs it) against a node:http receiver; a text answer's output has no bodyEncoding, as before;
// a failed binary answer keeps its bytes as output and its error says what it was, not base64;
// a secret's mask never lands in the bytes by chance.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer } from "../helpers/api-server";
import { startLocalServer } from "../helpers/local-server";
import { testHttpWorkflow } from "../helpers/test-http-workflow";

const { t, api } = startTestServer({ worker: true });

// Every byte value, twice over and a little more: 0x80–0xff are never valid UTF-8 on their own.
const BYTES = Buffer.from(Array.from({ length: 600 }, (_, i) => i % 256));
// A PDF's start, then bytes no text decoder keeps.
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n", "latin1"), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3, 0x0a, 0x00, 0xff, 0xfe])]);

// A workspace secret of a few characters that the download's base64 happens to spell: masked as
// text, that base64 lost bytes; the bytes themselves do not hold it, so nothing is masked.
const SHORT_SECRET = BYTES.toString("base64").slice(300, 304);

let server: Awaited<ReturnType<typeof startLocalServer>>;
beforeAll(async () => {
  expect((await api.put(`/api/v1/workspaces/${t.providerA.id}/variables/SHORT_PIN`, { value: SHORT_SECRET, secret: true })).status).toBe(201);
  server = await startLocalServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/download") {
      res.writeHead(200, { "content-type": "application/octet-stream", "content-disposition": 'attachment; filename="all-bytes.bin"' });
      return res.end(BYTES);
    }
    if (path === "/missing.pdf") {
      res.writeHead(404, { "content-type": "application/pdf" });
      return res.end(PDF);
    }
    res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
    res.end("plain text, as before");
  });
});
afterAll(async () => {
  await server?.close();
});

const testStep = (path: string) =>
  testHttpWorkflow(api, t.providerA.id, `binary ${path}`, { kind: "http", name: "Download", config: { method: "GET", url: `${server.url}${path}` } }, 30_000);

describe("an HTTP Request's binary response", () => {
  it("is the output's body as base64, every byte kept, with bodyEncoding base64", async () => {
    const { run, step } = await testStep("/download");
    expect(run.status).toBe("succeeded");
    expect(typeof step.output.body).toBe("string");
    const bytes = Buffer.from(step.output.body, "base64");
    expect(bytes.toString("hex")).toBe(BYTES.toString("hex"));
    expect(step).toMatchObject({ status: "succeeded", output: { status: 200, bodyEncoding: "base64", headers: { "content-type": "application/octet-stream" } } });
    expect(step.logs).toContainEqual(expect.stringMatching(/ → 200 \(600 bytes, \d+ ms\)$/));
  }, 60_000);

  it("a text response's output is as before: its text, no bodyEncoding", async () => {
    const { step } = await testStep("/text");
    expect(step.output).toMatchObject({ status: 200, body: "plain text, as before" });
    expect(step.output).not.toHaveProperty("bodyEncoding");
  }, 60_000);

  it("a failed one keeps its bytes as output, and its error describes the body instead of quoting it", async () => {
    const { run, step } = await testStep("/missing.pdf");
    expect(run.status).toBe("failed");
    expect(step).toMatchObject({ status: "failed", output: { status: 404, bodyEncoding: "base64" } });
    expect(Buffer.from(step.output.body, "base64").equals(PDF)).toBe(true);
    expect(step.error).toMatch(/^HTTP 404 from GET \S+\/missing\.pdf: \(binary body, 17 bytes, application\/pdf\)$/);
  }, 60_000);
});
