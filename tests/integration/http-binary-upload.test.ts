// A file downloaded by one HTTP Request is uploaded by the next: step 2 GETs a binary answer (its
// output's body is the base64, bodyEncoding "base64"), step 3 sends `{{ 2.body }}` with the
// Binary (base64) body type, which sends the bytes it stands for — the RMM's PDF report attached
// to the PSA ticket. Before it, the only bodies were text (UTF-8) and the save refused the type.
// Through the real server and worker (a workflow's step test, as Test & Debug runs it) against a
// node:http receiver that records the bytes it was sent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { finishedRunView } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";
import { startLocalServer } from "../helpers/local-server";

const { t, api } = startTestServer({ worker: true });

// Every byte value, twice over and a little more: 0x80–0xff are never valid UTF-8 on their own.
const BYTES = Buffer.from(Array.from({ length: 600 }, (_, i) => i % 256));

let server: Awaited<ReturnType<typeof startLocalServer>>;
beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/report") {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      return res.end(BYTES);
    }
    res.writeHead(201, { "content-type": "application/json" });
    res.end(JSON.stringify({ attached: true }));
  });
});
afterAll(async () => {
  await server?.close();
});

describe("an HTTP Request's binary body", () => {
  it("sends the bytes an earlier HTTP Request downloaded, exactly, with the content type set", async () => {
    const steps = [
      { kind: "webhook", name: "Alert", config: { testingData: { ticket: 7 } } },
      { kind: "http", name: "Download report", config: { method: "GET", url: `${server.url}/report` } },
      {
        kind: "http",
        name: "Attach to ticket",
        config: { method: "POST", url: `${server.url}/tickets/{{ 1.ticket }}/attachments`, body: { type: "binary", base64: "{{ 2.body }}", contentType: "application/pdf" } },
      },
    ];
    const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "report to ticket", steps });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const res = await api.post(`/api/v1/workflows/${created.body.id}/steps/1/test`, { scope: "workflow" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const runId = res.body.run.id as string;
    const run = await finishedRunView(api, runId, 30_000);
    expect(run.status, JSON.stringify(run)).toBe("succeeded");

    const upload = server.requests.find((r) => r.url === "/tickets/7/attachments");
    expect(upload?.method).toBe("POST");
    expect(upload?.bytes.toString("hex")).toBe(BYTES.toString("hex"));
    expect(upload?.headers).toMatchObject({ "content-type": "application/pdf", "content-length": "600" });

    const step = (await api.get(`/api/v1/runs/${runId}/steps/${created.body.steps[2].id}`)).body;
    expect(step).toMatchObject({ status: "succeeded", output: { status: 201, body: { attached: true } } });
    expect(step.logs).toContain("sending a binary body: 600 bytes (application/pdf)");
  }, 60_000);
});
