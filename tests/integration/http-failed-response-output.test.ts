// A failed HTTP Request keeps the whole answer it got as its output (status, headers, body parsed
// as a 2xx's is), through the real server and worker against a node:http receiver: a 500 with
// 6 KB of validation details used to leave a 300-character excerpt in the error, a null output
// and "→ 500 (6018 bytes)" in the log, the rest nowhere. The error stays one short line; a secret
// the server echoes is masked in the output as in any; Continue on error records the same output.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { finishedRunView, type Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";
import { startLocalServer } from "../helpers/local-server";
import { eventually } from "../helpers/services";

const { t, api } = startTestServer({ worker: true });
const SECRET = "tok-9f2c61d0e4b7a3";

// Validation details as an API gives them: a list of field errors, 6,018 bytes in all, ending in
// the token the request carried (echoed back, as some servers do).
function details(count: number) {
  const errors = Array.from({ length: count }, (_, i) => ({ field: `items[${i}].serial`, code: "invalid_format", message: `serial number ${i} must match ^[A-Z0-9]{12}$` }));
  return { error: "validation failed", errors, echo: { authorization: `Bearer ${SECRET}` } };
}
let n = 1;
while (JSON.stringify(details(n + 1)).length < 5_900) n++;
const short = details(n);
const big = { ...short, note: "x".repeat(6_018 - JSON.stringify({ ...short, note: "" }).length) };
const BIG_TEXT = JSON.stringify(big);
const masked = (text: string) => JSON.parse(text.replaceAll(SECRET, "••••"));

const attempts = new Map<string, number>();
let server: Awaited<ReturnType<typeof startLocalServer>>;
beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const n = (attempts.get(path) ?? 0) + 1;
    attempts.set(path, n);
    req.resume();
    if (path.startsWith("/flaky")) {
      // A 503 first (retried), then a 422: the step fails on the second answer.
      const [status, body] = n === 1 ? [503, { busy: true, attempt: 1 }] : [422, { ...big, attempt: n }];
      res.writeHead(status, { "content-type": "application/json", "retry-after": "0" });
      return res.end(JSON.stringify(body));
    }
    res.writeHead(500, { "content-type": "application/json; charset=utf-8", "x-request-id": "req-77" });
    res.end(BIG_TEXT);
  });
});
afterAll(async () => {
  await server?.close();
});

async function workflowRun(path: string, continueOnError = false) {
  const http = { kind: "http", name: "Create", config: { method: "POST", url: `${server.url}${path}`, headers: [{ name: "Authorization", value: "Bearer {{ secrets.PSA_TOKEN }}" }], body: { type: "json", json: { items: [] } }, continueOnError } };
  const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: `failed answer ${path}`, steps: [{ kind: "webhook", name: "Alert", config: { testingData: { id: 1 } } }, http] });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const res = await api.post(`/api/v1/workflows/${created.body.id}/steps/1/test`, { scope: "workflow" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { runId: res.body.run.id as string, stepId: created.body.steps[1].id as string };
}

describe("a failed HTTP Request's output", () => {
  beforeAll(async () => {
    expect((await api.put(`/api/v1/workspaces/${t.providerA.id}/variables/PSA_TOKEN`, { value: SECRET, secret: true })).status).toBe(201);
  });

  it("is the whole response, secrets masked, with a one-line error; Continue on error records the same", async () => {
    expect(BIG_TEXT.length).toBe(6_018);
    // A 500 is retried: five attempts, ~30 s of backoff. The Continue on error run meanwhile,
    // retried the same (http-continue-on-error-retries.test.ts), the last 500 passed on.
    const [{ runId, stepId }, cont] = await Promise.all([workflowRun("/tickets"), workflowRun("/tickets-continued", true)]);
    const run = await finishedRunView(api, runId, 90_000);
    expect(run.status).toBe("failed");
    const step = (await api.get(`/api/v1/runs/${runId}/steps/${stepId}`)).body;
    expect(step).toMatchObject({ status: "failed", attempts: 5 });
    expect(step.logs).toContainEqual(expect.stringMatching(/ → 500 \(6018 bytes, \d+ ms\)$/));
    expect(step.output).toMatchObject({ status: 500, headers: { "content-type": "application/json; charset=utf-8", "x-request-id": "req-77" } });
    expect(step.output.body).toEqual(masked(BIG_TEXT));
    expect(JSON.stringify(step.output.body).length).toBeGreaterThan(6_000);
    expect(JSON.stringify(step)).not.toContain(SECRET);
    // The error: still the short excerpt, one line.
    expect(step.error).toMatch(/^HTTP 500 from POST \S+\/tickets: \{"error":"validation failed".*…$/);
    expect(step.error.length).toBeLessThan(400);
    // The run's view carries the same output.
    expect(run.steps.find((s: Json) => s.stepId === stepId).output).toEqual(step.output);

    const contRun = await finishedRunView(api, cont.runId, 30_000);
    expect(contRun.status).toBe("succeeded");
    const contStep = (await api.get(`/api/v1/runs/${cont.runId}/steps/${cont.stepId}`)).body;
    expect(contStep).toMatchObject({ status: "succeeded", error: null, attempts: 5 });
    const withoutDate = (o: Json) => ({ ...o, headers: { ...o.headers, date: undefined } });
    expect(withoutDate(contStep.output)).toEqual(withoutDate(step.output));
  }, 150_000);

  it("while a retry waits, holds the answer that failed; after the last attempt, that one", async () => {
    const { runId, stepId } = await workflowRun("/flaky");
    const waiting = await eventually(
      async () => {
        const s = (await api.get(`/api/v1/runs/${runId}/steps/${stepId}`)).body;
        return s.status === "waiting" || s.status === "failed" ? s : null;
      },
      20_000,
      "the step to wait for its second attempt",
    );
    expect(waiting).toMatchObject({ status: "waiting", output: { status: 503, body: { busy: true, attempt: 1 } } });
    await finishedRunView(api, runId, 30_000);
    const step = (await api.get(`/api/v1/runs/${runId}/steps/${stepId}`)).body;
    expect(step).toMatchObject({ status: "failed", attempts: 2, output: { status: 422, body: { ...masked(JSON.stringify(big)), attempt: 2 } } });
    expect(step.error).toMatch(/^HTTP 422 from POST \S+\/flaky: .*…$/);
  }, 120_000);
});
