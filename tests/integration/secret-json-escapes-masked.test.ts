// A secret an HTTP Request sends comes back in a 4xx's text/plain body as another JSON encoder
// writes it — PHP's json_encode with `/` as `\/`, Go's HTML-safe `&` as `\u0026` — and was shown
// whole in the run's error and the step's output, which a workspace's viewers read. Through the
// real server and worker against a node:http receiver: both are masked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { finishedRunView, type Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";
import { startLocalServer } from "../helpers/local-server";

const { t, api } = startTestServer({ worker: true });

const SLACK = "https://hooks.example.com/services/T0001/B0002/abcDEF123456";
const PW = "Tr0ub4dor&3-horse";

let receiver: Awaited<ReturnType<typeof startLocalServer>>;
beforeAll(async () => {
  receiver = await startLocalServer((req, res) => {
    res.writeHead(400, { "content-type": "text/plain" });
    const path = new URL(req.url ?? "/", "http://x").pathname;
    // PHP's default json_encode, and Go's encoding/json (HTML-safe).
    if (path === "/php") return res.end(JSON.stringify({ echo: req.headers["x-hook"] }).replaceAll("/", "\\/"));
    res.end(JSON.stringify({ error: `wrong password ${String(req.headers["x-pw"])}` }).replaceAll("&", "\\u0026"));
  });
});
afterAll(async () => {
  await receiver?.close();
});

describe("a secret echoed back JSON-escaped by another encoder", () => {
  beforeAll(async () => {
    for (const [key, value] of [["SLACK", SLACK], ["PW", PW]]) {
      expect((await api.put(`/api/v1/workspaces/${t.providerA.id}/variables/${key}`, { value, secret: true })).status).toBe(201);
    }
  });

  it.each([
    { path: "/php", header: "X-Hook", secret: "SLACK", says: '{"echo":"••••"}' },
    { path: "/go", header: "X-Pw", secret: "PW", says: '{"error":"wrong password ••••"}' },
  ])("is masked in the run's error and the step's output ($path)", async ({ path, header, secret, says }) => {
    const http = { kind: "http", name: "Notify", config: { method: "POST", url: `${receiver.url}${path}`, headers: [{ name: header, value: `{{ secrets.${secret} }}` }], body: { type: "json", json: {} } } };
    const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: `escaped ${path}`, steps: [{ kind: "webhook", name: "Alert", config: { testingData: { id: 1 } } }, http] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const res = await api.post(`/api/v1/workflows/${created.body.id}/steps/1/test`, { scope: "workflow" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const run = await finishedRunView(api, res.body.run.id as string, 30_000);
    expect(run.status).toBe("failed");
    const step = (run.steps as Json[]).find((s) => s.number === 2)!;
    expect(step.error).toBe(`HTTP 400 from POST ${receiver.url}${path}: ${says}`);
    const detail = (await api.get(`/api/v1/runs/${run.id}/steps/${step.stepId}`)).body;
    const shown = JSON.stringify([run, detail]);
    for (const leak of ["abcDEF123456", "Tr0ub4dor", "hooks.example.com\\\\/services"]) expect(shown).not.toContain(leak);
    expect(receiver.requests.at(-1)?.headers[header.toLowerCase()]).toBe(secret === "SLACK" ? SLACK : PW);
  });
});
