// Trigger tests (Run step), the run list and detail, and the deliveries log, through the API.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { apiClient, type Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { t, api, web } = startTestServer();

// Unicode, nesting, big numbers, null and a key named "body" must all survive (JSON equality).
const TESTING_DATA = { zeta: 1, alpha: { nested: [1, 2.5, "x", null, true] }, body: { note: "sender's own body key" }, "ünïcödé": "✓", big: 12345678901234 };
const http = { kind: "http", config: { url: "https://api.example.test" } };
const newWorkflow = async (steps: unknown[]) => (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Runs", steps })).body;
const jobsFor = (runId: string) =>
  db().$queryRaw<{ name: string; data: unknown }[]>`SELECT name, data FROM pgboss.job WHERE data->>'runId' = ${runId}`;

describe("Run step on the trigger (steps/1/test)", () => {
  it("creates a test run from the Testing data, in Draft, with its job committed", async () => {
    const wf = await newWorkflow([{ kind: "webhook", config: { testingData: TESTING_DATA } }, http]);
    expect(wf.mode).toBe("draft");
    const res = await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`);
    expect(res.status).toBe(201);
    const run = res.body.run;
    expect(run).toMatchObject({ workflowId: wf.id, status: "queued", test: true, scope: "step", steps: [] });
    expect(run.trigger).toEqual(TESTING_DATA);
    expect(await jobsFor(run.id)).toEqual([{ name: "run-execute", data: { runId: run.id } }]);

    const list = await api.get(`/api/v1/workflows/${wf.id}/runs`);
    expect(list.status).toBe(200);
    expect(list.body.runs[0]).toMatchObject({ id: run.id, status: "queued", test: true, createdAt: run.createdAt, startedAt: null, finishedAt: null });

    const detail = await api.get(`/api/v1/runs/${run.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: run.id, workflowId: wf.id, status: "queued", test: true, createdAt: run.createdAt, steps: [] });
    expect(detail.body.trigger).toEqual(TESTING_DATA);
    expect(Object.keys(detail.body)).toEqual(expect.arrayContaining(["id", "workflowId", "status", "test", "createdAt", "trigger", "steps"]));

    const row = await db().run.findUniqueOrThrow({ where: { id: run.id } });
    expect(row).toMatchObject({ test: true, scope: "step", status: "queued", workspaceId: t.providerA.id });
  });

  it("runs the whole workflow with scope=workflow; rejects an unknown scope", async () => {
    const wf = await newWorkflow([{ kind: "webhook", config: {} }, http]);
    const res = await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`, { scope: "workflow" });
    expect(res.status).toBe(201);
    expect(res.body.run).toMatchObject({ scope: "workflow", trigger: {} }); // no Testing data yet: {}
    expect((await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`, { scope: "everything" })).status).toBe(400);
  });

  it("a Scheduler trigger test is a firing now (Run now), whole workflow by default", async () => {
    const wf = await newWorkflow([{ kind: "scheduler", config: { cron: "0 2 1 * *" } }, http]);
    const before = Date.now();
    const res = await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`);
    expect(res.status).toBe(201);
    const { trigger, scope } = res.body.run;
    expect(scope).toBe("workflow");
    expect(Object.keys(trigger).sort()).toEqual(["firedAt", "scheduledFor"]);
    expect(Date.parse(trigger.firedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(await jobsFor(res.body.run.id)).toHaveLength(1);
  });

  it("needs a trigger; nothing is created without one", async () => {
    const wf = await newWorkflow([http]);
    const res = await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("trigger_required");
    expect(await db().run.count({ where: { workflowId: wf.id } })).toBe(0);
  });

  it("shows the last run in the workflow list", async () => {
    const wf = await newWorkflow([{ kind: "webhook", config: {} }]);
    const run = (await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`)).body.run;
    const list = await api.get(`/api/v1/workspaces/${t.providerA.id}/workflows`);
    expect(list.body.workflows.find((w: Json) => w.id === wf.id).lastRun).toMatchObject({ id: run.id, status: "queued", createdAt: run.createdAt });
  });

  it("gives the last run's kind of test, as the Runs list does (test · step 2, test · whole workflow)", async () => {
    const wf = await newWorkflow([{ kind: "webhook", config: {} }, { kind: "transform", config: { fields: [{ name: "n", expression: "1" }] } }]);
    const lastRun = async () => (await api.get(`/api/v1/workspaces/${t.providerA.id}/workflows`)).body.workflows.find((w: Json) => w.id === wf.id).lastRun;
    const trigger = (await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`)).body.run;
    expect(await lastRun()).toMatchObject({ id: trigger.id, test: true, scope: "step", testedStep: 1 });
    // A one-step test of step 2 not yet run: its number is its place in the workflow.
    await db().run.update({ where: { id: trigger.id }, data: { targetStepId: wf.steps[1].id } });
    expect(await lastRun()).toMatchObject({ id: trigger.id, scope: "step", testedStep: 2 });
    const whole = (await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`, { scope: "workflow" })).body.run;
    expect(await lastRun()).toMatchObject({ id: whole.id, scope: "workflow", testedStep: null });
  });
});

describe("run list and detail", () => {
  it("lists newest first: 50 by default, at most 500 (a larger limit gets 500), 400 when malformed", async () => {
    const wf = await newWorkflow([{ kind: "webhook", config: {} }]);
    const start = Date.parse("2026-01-01T00:00:00Z");
    await db().run.createMany({
      data: Array.from({ length: 520 }, (_, i) => ({
        workflowId: wf.id,
        workspaceId: t.providerA.id,
        createdAt: new Date(start + i * 1000),
        trigger: { i },
        status: i % 2 ? ("succeeded" as const) : ("failed" as const),
      })),
    });
    const def = await api.get(`/api/v1/workflows/${wf.id}/runs`);
    expect(def.body.runs).toHaveLength(50);
    expect(def.body.runs[0].createdAt).toBe(new Date(start + 519_000).toISOString());
    const times = def.body.runs.map((r: Json) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(Object.keys(def.body.runs[0]).sort()).toEqual(["createdAt", "error", "finishedAt", "id", "scope", "startedAt", "status", "targetStepId", "test"]);

    expect((await api.get(`/api/v1/workflows/${wf.id}/runs?limit=3`)).body.runs).toHaveLength(3);
    expect((await api.get(`/api/v1/workflows/${wf.id}/runs?limit=500`)).body.runs).toHaveLength(500);
    // "at most 500": a script asking for more gets the 500 newest, not an error.
    for (const over of ["501", "100000"]) {
      const res = await api.get(`/api/v1/workflows/${wf.id}/runs?limit=${over}`);
      expect(res.status, `limit=${over}`).toBe(200);
      expect(res.body.runs, `limit=${over}`).toHaveLength(500);
      expect(res.body.runs[0].createdAt).toBe(new Date(start + 519_000).toISOString());
    }
    for (const bad of ["0", "-5", "abc", "2.5"]) {
      const res = await api.get(`/api/v1/workflows/${wf.id}/runs?limit=${bad}`);
      expect(res.status, `limit=${bad}`).toBe(400);
      expect(res.body.error).toBe("invalid_request");
      expect(res.body.message).toMatch(/limit/);
    }
  });

  it("shows a run's steps ordered by number with their outputs and errors", async () => {
    const wf = await newWorkflow([{ kind: "webhook", config: {} }, { ...http, name: "Ticket" }]);
    const run = await db().run.create({
      data: { workflowId: wf.id, workspaceId: t.providerA.id, status: "failed", trigger: [1, "two", { three: 3 }], startedAt: new Date(), finishedAt: new Date() },
    });
    await db().runStep.createMany({
      data: [
        { runId: run.id, stepId: wf.steps[1].id, number: 2, kind: "http", status: "failed", error: "HTTP 500 from api.example.test", logs: ["POST …"] },
        { runId: run.id, stepId: wf.steps[0].id, number: 1, kind: "webhook", status: "succeeded", output: [1, "two", { three: 3 }] },
      ],
    });
    const res = await api.get(`/api/v1/runs/${run.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: run.id, workflowId: wf.id, status: "failed", test: false, trigger: [1, "two", { three: 3 }] });
    expect(res.body.steps).toEqual([
      expect.objectContaining({ number: 1, kind: "webhook", status: "succeeded", output: [1, "two", { three: 3 }], error: null, stepId: wf.steps[0].id, name: "Webhook" }),
      expect.objectContaining({ number: 2, kind: "http", status: "failed", output: null, error: "HTTP 500 from api.example.test", name: "Ticket", logs: ["POST …"] }),
    ]);
    expect((await api.get(`/api/v1/runs/00000000-0000-0000-0000-000000000000`)).status).toBe(404);
  });

  it("a run without its data (?outputs=false) keeps a Conditions step's output, the branch it chose", async () => {
    const wf = await newWorkflow([
      { kind: "webhook", config: {} },
      { kind: "conditions", name: "Severity", config: { branches: [{ id: "crit", name: "Critical", rules: [{ left: "1", op: "equals", right: "1" }], target: "ticket" }], otherwise: { target: null } } },
      { id: "ticket", ...http, name: "Ticket" },
    ]);
    expect(wf.steps, JSON.stringify(wf)).toHaveLength(3);
    const run = await db().run.create({ data: { workflowId: wf.id, workspaceId: t.providerA.id, status: "succeeded", trigger: { big: "x".repeat(50_000) } } });
    await db().runStep.createMany({
      data: [
        { runId: run.id, stepId: wf.steps[0].id, number: 1, kind: "webhook", status: "succeeded", output: { big: "x".repeat(50_000) } },
        { runId: run.id, stepId: wf.steps[1].id, number: 2, kind: "conditions", status: "succeeded", output: { branch: "crit", name: "Critical" } },
        { runId: run.id, stepId: wf.steps[2].id, number: 3, kind: "http", status: "skipped" },
      ],
    });
    const res = await api.get(`/api/v1/runs/${run.id}?outputs=false`);
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty("trigger");
    expect(res.body.steps.map((s: Json) => s.output)).toEqual([undefined, { branch: "crit", name: "Critical" }, undefined]);
  });

  it("reads one step's record with its output and logs, no other step's (what Workflow data shows)", async () => {
    const wf = await newWorkflow([{ kind: "webhook", config: {} }, { ...http, name: "Ticket" }, { ...http, name: "Notify" }]);
    const payload = `{"id":12345678901234567890,"host":"edr-01"}`;
    const run = await db().run.create({ data: { workflowId: wf.id, workspaceId: t.providerA.id, status: "succeeded", trigger: JSON.parse(payload), startedAt: new Date(), finishedAt: new Date() } });
    await db().runStep.createMany({
      data: [
        { runId: run.id, stepId: wf.steps[0].id, number: 1, kind: "webhook", status: "succeeded", output: JSON.parse(payload) },
        { runId: run.id, stepId: wf.steps[1].id, number: 2, kind: "http", status: "succeeded", output: { rows: "x".repeat(100_000) }, logs: ["GET …"] },
        { runId: run.id, stepId: wf.steps[2].id, number: 3, kind: "http", status: "succeeded", output: { sent: true } },
      ],
    });
    // Step 1's id as posted, not rounded to …600 (a reader with the exact-number reviver sees the digits).
    await db().$executeRaw`UPDATE "RunStep" SET output = ${payload}::jsonb WHERE "runId" = ${run.id} AND number = 1`;

    const res = await fetch(`${web.baseUrl}/api/v1/runs/${run.id}/steps/${wf.steps[2].id}`, { headers: { authorization: `Bearer ${t.editor.token}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    // Step 3's record alone: step 2's 100 KB output is not in it.
    expect(text.length).toBeLessThan(2_000);
    expect(JSON.parse(text)).toMatchObject({ stepId: wf.steps[2].id, number: 3, kind: "http", name: "Notify", status: "succeeded", output: { sent: true }, logs: [], error: null });
    expect((await api.get(`/api/v1/runs/${run.id}/steps/${wf.steps[1].id}`)).body).toMatchObject({ number: 2, output: { rows: "x".repeat(100_000) }, logs: ["GET …"] });
    const first = await fetch(`${web.baseUrl}/api/v1/runs/${run.id}/steps/${wf.steps[0].id}`, { headers: { authorization: `Bearer ${t.editor.token}` } });
    expect(await first.text()).toContain('"id":12345678901234567890');

    expect((await api.get(`/api/v1/runs/${run.id}/steps/no-such-step`)).body).toMatchObject({ error: "not_found", message: "step not found" });
    // Without its data, the run keeps no output (step 2's 100 KB neither).
    const overview = await fetch(`${web.baseUrl}/api/v1/runs/${run.id}?outputs=false`, { headers: { authorization: `Bearer ${t.editor.token}` } });
    const overviewText = await overview.text();
    expect(overviewText.length).toBeLessThan(3_000);
    expect(JSON.parse(overviewText).steps.map((s: Json) => "output" in s)).toEqual([false, false, false]);
    const outsider = apiClient(web.baseUrl, t.outsider.token);
    const hidden = await outsider.get(`/api/v1/runs/${run.id}/steps/${wf.steps[2].id}`);
    expect(hidden).toMatchObject({ status: 404, body: { message: "run not found" } });
  });
});

describe("deliveries log", () => {
  it("lists a workflow's deliveries newest first with the limit rules", async () => {
    const wf = await newWorkflow([{ kind: "webhook", config: {} }]);
    await api.post(`/api/v1/workflows/${wf.id}/live`);
    const endpoint = await db().webhookEndpoint.findFirstOrThrow({ where: { workflowId: wf.id } });
    const base = Date.parse("2026-02-01T00:00:00Z");
    // An accepted delivery is recorded on the run it made; a test run (no delivery) is not listed.
    const run = await db().run.create({
      data: {
        workflowId: wf.id, workspaceId: t.providerA.id, trigger: { a: 1 }, createdAt: new Date(base + 1000),
        deliveryEndpointId: endpoint.id, deliverySize: 7, deliveryContentType: "application/json",
      },
    });
    await db().run.create({ data: { workflowId: wf.id, workspaceId: t.providerA.id, test: true, trigger: { a: 1 }, createdAt: new Date(base + 1500) } });
    await db().delivery.createMany({
      data: [
        { workflowId: wf.id, endpointId: endpoint.id, outcome: "invalid_signature", size: 10, contentType: "application/json", receivedAt: new Date(base) },
        { workflowId: wf.id, endpointId: endpoint.id, outcome: "too_large", size: 2_000_000, receivedAt: new Date(base + 2000) },
      ],
    });
    const res = await api.get(`/api/v1/workflows/${wf.id}/deliveries`);
    expect(res.status).toBe(200);
    expect(res.body.deliveries.map((d: Json) => d.outcome)).toEqual(["too_large", "accepted", "invalid_signature"]);
    expect(res.body.deliveries[1]).toEqual({
      id: run.id,
      receivedAt: new Date(base + 1000).toISOString(),
      size: 7,
      outcome: "accepted",
      runId: run.id,
      contentType: "application/json",
    });
    expect(res.body.deliveries[0]).toMatchObject({ runId: null, contentType: null });
    expect((await api.get(`/api/v1/workflows/${wf.id}/deliveries?limit=1`)).body.deliveries).toHaveLength(1);
    expect((await api.get(`/api/v1/workflows/${wf.id}/deliveries?limit=501`)).body.deliveries).toHaveLength(3); // at most 500: taken as 500
    expect((await api.get(`/api/v1/workflows/${wf.id}/deliveries?limit=0`)).status).toBe(400);
  });
});
