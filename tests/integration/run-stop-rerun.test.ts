// Stop and Run again, through the API with a real worker: a stopped run (waiting on a Wait step,
// or in the middle of an HTTP request) executes nothing more; an ended run cannot be stopped;
// Run again replays a run's trigger exactly as a new test run. Editors only; other tenants 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { apiClient } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";
import { startLocalServer } from "../helpers/local-server";
import { eventually } from "../helpers/services";

const { t, api, web } = startTestServer({ worker: true });
let remote: Awaited<ReturnType<typeof startLocalServer>>;
let releaseSlow: () => void = () => {};

beforeAll(async () => {
  remote = await startLocalServer(async (req, res) => {
    if (req.url === "/slow") await new Promise<void>((r) => (releaseSlow = r));
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ path: req.url }));
  });
});
afterAll(async () => {
  releaseSlow();
  await remote?.close();
});

const newWorkflow = async (steps: unknown[]) => (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Stop and rerun", steps })).body;
const runWhole = async (workflowId: string) => (await api.post(`/api/v1/workflows/${workflowId}/steps/1/test`, { scope: "workflow" })).body.run;
const runOf = async (id: string) => (await api.get(`/api/v1/runs/${id}`)).body;
const untilStatus = (id: string, status: string) => eventually(async () => (await runOf(id)).status === status, 30_000, `run ${id} to be ${status}`);
// Every job of the run is settled: nothing of it is left for a worker to pick up.
const jobsSettled = (runId: string) =>
  eventually(
    async () => {
      const rows = await db().$queryRaw<{ state: string }[]>`SELECT state::text FROM pgboss.job WHERE data->>'runId' = ${runId}`;
      return rows.length > 0 && rows.every((r) => ["completed", "failed", "cancelled"].includes(r.state));
    },
    30_000,
    `the jobs of run ${runId} to settle`,
  );
const hits = (path: string) => remote.requests.filter((r) => r.url === path).length;

describe("POST /api/v1/runs/{id}/stop", () => {
  it("stops a run waiting on a Wait step: it ends as stopped, naming who, and its later steps never run (recorded skipped)", async () => {
    const wf = await newWorkflow([
      { kind: "webhook", config: {} },
      { kind: "wait", config: { mode: "duration", seconds: 2 } },
      { kind: "http", config: { url: `${remote.url}/after-wait` } },
    ]);
    const run = await runWhole(wf.id);
    await untilStatus(run.id, "waiting");
    const res = await api.post(`/api/v1/runs/${run.id}/stop`);
    expect(res.status).toBe(200);
    const editor = await db().user.findUniqueOrThrow({ where: { id: t.editor.id } });
    expect(res.body).toMatchObject({ id: run.id, status: "stopped", error: `stopped by ${editor.email}` });
    expect(res.body.finishedAt).not.toBeNull();
    expect(res.body.steps.find((s: { number: number }) => s.number === 2)).toMatchObject({ status: "failed", error: `the run was stopped by ${editor.email} during this step` });
    expect(res.body.steps.map((s: { number: number; status: string }) => `${s.number}:${s.status}`)).toEqual(["1:succeeded", "2:failed", "3:skipped"]);

    await jobsSettled(run.id); // the wake-up came due and found the run ended
    expect(hits("/after-wait")).toBe(0);
    expect(await runOf(run.id)).toMatchObject({ status: "stopped" });
  });

  it("stops a run in the middle of an HTTP request: the request in flight ends, the next step is never sent", async () => {
    const wf = await newWorkflow([
      { kind: "webhook", config: {} },
      { kind: "http", config: { url: `${remote.url}/slow` } },
      { kind: "http", config: { url: `${remote.url}/after-slow` } },
    ]);
    const run = await runWhole(wf.id);
    await eventually(async () => hits("/slow") === 1, 30_000, "the slow request to arrive");
    expect((await api.post(`/api/v1/runs/${run.id}/stop`)).body.status).toBe("stopped");
    releaseSlow();
    await jobsSettled(run.id);
    expect(hits("/after-slow")).toBe(0);
    const after = await runOf(run.id);
    expect(after.status).toBe("stopped");
    expect(after.steps.map((s: { number: number; status: string }) => `${s.number}:${s.status}`)).toEqual(["1:succeeded", "2:failed", "3:skipped"]);
  });

  it("stops a run during a Code step: that step reads failed, stopped by whom, and the next is never sent", async () => {
    const wf = await newWorkflow([
      { kind: "webhook", config: {} },
      { kind: "code", config: { code: "const end = Date.now() + 3000; while (Date.now() < end) {} return 1", timeoutMs: 10_000 } },
      { kind: "http", config: { url: `${remote.url}/after-code` } },
    ]);
    const run = await runWhole(wf.id);
    await untilStatus(run.id, "running"); // step 1 is recorded; the code step is executing
    expect((await api.post(`/api/v1/runs/${run.id}/stop`)).body.status).toBe("stopped");
    await jobsSettled(run.id);
    expect(hits("/after-code")).toBe(0);
    // The worker records the step it was executing once it learns of the stop (within a second).
    await eventually(async () => (await runOf(run.id)).steps[1].status === "failed", 15_000, "the Code step to read failed");
    const after = await runOf(run.id);
    expect(after.status).toBe("stopped");
    expect(after.steps.map((s: { number: number; status: string }) => `${s.number}:${s.status}`)).toEqual(["1:succeeded", "2:failed", "3:skipped"]);
    expect(after.steps[1].error).toBe(`the run was ${after.error} during this step`);
    expect(after.steps[1].finishedAt).toBe(after.finishedAt);
  });

  it("stops a queued run: every step is recorded skipped, as for a run that failed before them", async () => {
    const wf = await newWorkflow([{ kind: "webhook", config: {} }, { kind: "http", config: { url: `${remote.url}/never` } }]);
    // Queued with no job: no worker can start it before the stop.
    const run = await db().run.create({ data: { workflowId: wf.id, workspaceId: t.providerA.id, status: "queued", scope: "workflow", trigger: {} } });
    const res = await api.post(`/api/v1/runs/${run.id}/stop`);
    expect(res.body.status).toBe("stopped");
    expect(res.body.steps.map((s: { number: number; status: string }) => `${s.number}:${s.status}`)).toEqual(["1:skipped", "2:skipped"]);
  });

  it("refuses an ended run with 409, a viewer with 403 and another tenant with 404", async () => {
    const wf = await newWorkflow([{ kind: "webhook", config: {} }]);
    const run = await runWhole(wf.id);
    await untilStatus(run.id, "succeeded");
    const ended = await api.post(`/api/v1/runs/${run.id}/stop`);
    expect(ended).toMatchObject({ status: 409, body: { error: "run_finished", status: "succeeded" } });
    expect((await apiClient(web.baseUrl, t.viewer.token).post(`/api/v1/runs/${run.id}/stop`)).status).toBe(403);
    expect((await apiClient(web.baseUrl, t.outsider.token).post(`/api/v1/runs/${run.id}/stop`))).toMatchObject({ status: 404, body: { error: "not_found" } });
    expect((await api.post(`/api/v1/runs/00000000-0000-0000-0000-000000000000/stop`)).status).toBe(404);
    expect((await api.get(`/api/v1/runs/${run.id}/stop`)).status).toBe(405);
  });
});

describe("POST /api/v1/runs/{id}/rerun", () => {
  it("runs the workflow again with the run's trigger exactly, as a new test run", async () => {
    const posted = '{"alert":{"id":12345678901234567890,"host":"ws-01"}}';
    const wf = await newWorkflow([{ kind: "webhook", config: {} }, { kind: "code", config: { code: "return { host: steps[1].alert.host }" } }]);
    expect((await api.post(`/api/v1/workflows/${wf.id}/live`)).status).toBe(200);
    const live = (await api.get(`/api/v1/workflows/${wf.id}`)).body;
    expect((await fetch(live.webhookUrl.replace(/^https?:\/\/[^/]+/, web.baseUrl), { method: "POST", headers: { "content-type": "application/json" }, body: posted })).status).toBe(202);
    const first = await eventually(async () => (await api.get(`/api/v1/workflows/${wf.id}/runs`)).body.runs[0], 30_000, "the delivery's run");
    await untilStatus(first.id, "succeeded");

    const res = await api.post(`/api/v1/runs/${first.id}/rerun`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ workflowId: wf.id, status: "queued", test: true, scope: "workflow" });
    expect(res.body.id).not.toBe(first.id);
    await untilStatus(res.body.id, "succeeded");
    const text = await (await fetch(`${web.baseUrl}/api/v1/runs/${res.body.id}`, { headers: { authorization: `Bearer ${t.editor.token}` } })).text();
    expect(text).toContain('"id":12345678901234567890'); // not rounded on the way
    expect((await runOf(res.body.id)).steps[1].output).toEqual({ host: "ws-01" });
    expect((await api.get(`/api/v1/workflows/${wf.id}/runs`)).body.runs.map((r: { id: string }) => r.id).slice(0, 2)).toEqual([res.body.id, first.id]);
  });

  it("refuses a viewer with 403 and another tenant with 404", async () => {
    const wf = await newWorkflow([{ kind: "webhook", config: {} }]);
    const run = await runWhole(wf.id);
    expect((await apiClient(web.baseUrl, t.viewer.token).post(`/api/v1/runs/${run.id}/rerun`)).status).toBe(403);
    expect((await apiClient(web.baseUrl, t.outsider.token).post(`/api/v1/runs/${run.id}/rerun`)).status).toBe(404);
  });
});
