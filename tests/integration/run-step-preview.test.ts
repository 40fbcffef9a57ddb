// GET /api/v1/runs/{id}/steps/{stepId}?preview=true: the output cut to what Workflow data's tree
// draws, each cut said with the whole count — the panel read a step's whole 4 MB output to draw
// three sample items of it. Step 1's 64-bit ids stay exact; a run of another tenant stays 404.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { apiClient } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { t, api, web } = startTestServer();

const http = { kind: "http", config: { url: "https://api.example.test" } };
const rows = Array.from({ length: 5_000 }, (_, i) => ({ id: i + 1, name: `device-${i + 1}`, note: "n".repeat(700), tags: ["alpha", "beta", "gamma", "delta"] }));
const BIG = { rows, body: "b".repeat(1_000_000), count: 5_000, deep: { a: { b: { c: { d: { e: { f: { g: { h: { i: 1 } } } } } } } } }, wide: Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`k${i}`, i])) };
const PAYLOAD = `{"id":12345678901234567890,"alerts":[{"ref":9007199254740993},{"ref":2},{"ref":3},{"ref":4}],"host":"edr-01"}`;

async function bigRun() {
  const wf = (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Preview", steps: [{ kind: "webhook", config: {} }, { ...http, name: "Fetch" }] })).body;
  const run = await db().run.create({ data: { workflowId: wf.id, workspaceId: t.providerA.id, status: "succeeded", trigger: JSON.parse(PAYLOAD), startedAt: new Date(), finishedAt: new Date() } });
  await db().runStep.createMany({
    data: [
      { runId: run.id, stepId: wf.steps[0].id, number: 1, kind: "webhook", status: "succeeded", output: JSON.parse(PAYLOAD) },
      { runId: run.id, stepId: wf.steps[1].id, number: 2, kind: "http", status: "succeeded", output: BIG, logs: ["GET https://api.example.test"] },
    ],
  });
  // Step 1's ids as posted, not rounded (JSON.parse would make …20000 and …992).
  await db().$executeRaw`UPDATE "RunStep" SET output = ${PAYLOAD}::json WHERE "runId" = ${run.id} AND number = 1`;
  return { run, wf };
}

const read = async (path: string, token = t.editor.token) => {
  const res = await fetch(`${web.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, text: await res.text() };
};

describe("a step's output previewed (?preview=true)", () => {
  it("answers the first items of each array, the start of long strings and bounded depth, each cut said, in KBs", async () => {
    const { run, wf } = await bigRun();
    const whole = await read(`/api/v1/runs/${run.id}/steps/${wf.steps[1].id}`);
    expect(whole.text.length).toBeGreaterThan(4_000_000);
    const res = await read(`/api/v1/runs/${run.id}/steps/${wf.steps[1].id}?preview=true`);
    expect(res.status).toBe(200);
    console.log(`a ${(whole.text.length / 1e6).toFixed(1)} MB output previewed in ${res.text.length} bytes`);
    expect(res.text.length).toBeLessThan(10_000);
    const body = JSON.parse(res.text);
    // The record as without the option, but for the logs.
    expect(body).toMatchObject({ stepId: wf.steps[1].id, number: 2, kind: "http", name: "Fetch", status: "succeeded", error: null });
    expect(body).not.toHaveProperty("logs");
    // Every field path the first items have, with their values' types and samples.
    expect(body.output.rows).toEqual(rows.slice(0, 3).map((r) => ({ ...r, note: "n".repeat(200), tags: ["alpha", "beta", "gamma"] })));
    expect(body.output.count).toBe(5_000);
    expect(body.output.body).toBe("b".repeat(200));
    expect(body.output.deep).toEqual({ a: { b: { c: { d: { e: { f: { g: {} } } } } } } });
    expect(Object.keys(body.output.wide)).toEqual(Array.from({ length: 100 }, (_, i) => `k${i}`));
    expect(body.preview.limits).toEqual({ items: 3, fields: 100, chars: 200, depth: 8 });
    expect(body.preview.cuts).toEqual(
      expect.arrayContaining([
        { path: ["rows"], items: 5_000 },
        { path: ["rows", 0, "note"], chars: 700 },
        { path: ["rows", 2, "tags"], items: 4 },
        { path: ["body"], chars: 1_000_000 },
        { path: ["deep", "a", "b", "c", "d", "e", "f", "g"], fields: 1 },
        { path: ["wide"], fields: 150 },
      ]),
    );
    expect(body.preview.cuts).toHaveLength(10);
  });

  it("keeps step 1's 64-bit ids exact, and says nothing was cut of a small output", async () => {
    const { run, wf } = await bigRun();
    const res = await read(`/api/v1/runs/${run.id}/steps/${wf.steps[0].id}?preview=true`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('"id":12345678901234567890');
    expect(res.text).toContain('"alerts":[{"ref":9007199254740993},{"ref":2},{"ref":3}]');
    expect(JSON.parse(res.text).preview.cuts).toEqual([{ path: ["alerts"], items: 4 }]);
    const small = await read(`/api/v1/runs/${run.id}/steps/${wf.steps[0].id}`);
    expect(small.text).toContain('"id":12345678901234567890');
    expect(small.text).not.toContain('"preview"');
  });

  it("answers 404 for a run of another tenant, a missing step as before, and 400 for a bad value", async () => {
    const { run, wf } = await bigRun();
    const outsider = apiClient(web.baseUrl, t.outsider.token);
    expect(await outsider.get(`/api/v1/runs/${run.id}/steps/${wf.steps[1].id}?preview=true`)).toMatchObject({ status: 404, body: { error: "not_found", message: "run not found" } });
    expect(await api.get(`/api/v1/runs/${run.id}/steps/no-such-step?preview=true`)).toMatchObject({ status: 404, body: { message: "step not found" } });
    expect(await api.get(`/api/v1/runs/${run.id}/steps/${wf.steps[1].id}?preview=yes`)).toMatchObject({ status: 400, body: { error: "invalid_request" } });
  });
});
