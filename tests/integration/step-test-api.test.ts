// Run step on a step after the trigger (POST /api/v1/workflows/{id}/steps/{n}/test): only step n
// runs, in the worker, against the earlier outputs of the newest run that has them, recorded as
// a test run (scope "step") in the run list and readable through GET /api/v1/runs/{id}.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { apiClient, finishedRunView, type ApiClient, type Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { t, web, api } = startTestServer({ worker: true });

const finished = (runId: string) => finishedRunView(api, runId);

const webhook = (testingData: unknown) => ({ kind: "webhook", name: "Alert", config: { testingData } });
const transform = (fields: { name: string; expression: string }[]) => ({ kind: "transform", config: { fields } });

async function newWorkflow(steps: unknown[], client: ApiClient = api) {
  const res = await client.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Step test", steps });
  expect(res.status).toBe(201);
  return res.body as Json;
}

describe("POST /api/v1/workflows/{id}/steps/{n}/test", () => {
  it("an unfinished step (saved in Draft) is refused naming the field before anything runs; a whole-workflow run fails naming it", async () => {
    const wf = await newWorkflow([webhook({ q: "x" }), { kind: "http", name: "Call", config: { method: "GET", url: "" } }]);
    const refused = { error: "step_incomplete", message: "step 2 (HTTP Request): URL is required; nothing was run: fill it in", step: 2, stepId: wf.steps[1].id, field: "url" };
    // No run yet: the step's own empty URL is named, not step 1's missing output.
    const first = await api.post(`/api/v1/workflows/${wf.id}/steps/2/test`);
    expect(first).toEqual({ status: 400, body: refused });
    expect(await db().run.count({ where: { workflowId: wf.id } })).toBe(0);

    const full = await finished((await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`, { scope: "workflow" })).body.run.id);
    expect(full.status).toBe("failed");
    expect(full.error).toBe('step 2 (HTTP Request "Call"): URL is required (the step was saved unfinished: fill it in in the editor)');
    // With step 1's output at hand, still refused the same way, and nothing more runs.
    expect(await api.post(`/api/v1/workflows/${wf.id}/steps/2/test`)).toEqual({ status: 400, body: refused });
    expect(await db().run.count({ where: { workflowId: wf.id } })).toBe(1);
  });

  it("with no run yet, step 1's output is the webhook's Testing data, and the answer says so", async () => {
    const wf = await newWorkflow([webhook({ n: 21, host: { id: "h-9" } }), transform([{ name: "answer", expression: "{{ 1.n }} * 2" }])]);
    const res = await api.post(`/api/v1/workflows/${wf.id}/steps/2/test`);
    expect(res.status).toBe(201);
    expect(res.body.run.trigger).toEqual({ n: 21, host: { id: "h-9" } });
    expect(res.body.run.steps).toEqual([expect.objectContaining({ number: 1, status: "succeeded", output: { n: 21, host: { id: "h-9" } }, logs: ["Step 1's output is its Testing data (no run had one yet)"] })]);
    const run = await finished(res.body.run.id);
    expect(run.status).toBe("succeeded");
    // Exactly what Run step on the trigger records as step 1's output.
    const trig = await finished((await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`)).body.run.id);
    expect(run.steps.map((s: Json) => [s.number, s.status, s.output])).toEqual([
      [1, "succeeded", trig.steps[0].output],
      [2, "succeeded", { answer: 42 }],
    ]);
  }, 30_000);

  it("runs one transform step alone against the outputs of an earlier run", async () => {
    const wf = await newWorkflow([
      webhook({ host: { id: "h-1", name: "ws-1" }, severity: 3 }),
      transform([{ name: "hostId", expression: "{{ 1.host.id }}" }]),
      transform([
        { name: "label", expression: '{{ 1.host.name }} & " / " & {{ 2.hostId }}' },
        { name: "doubled", expression: "{{ 1.severity }} * 2" },
      ]),
    ]);
    // The whole workflow once (test run, scope workflow): outputs for steps 1-3.
    const full = await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`, { scope: "workflow" });
    const fullRun = await finished(full.body.run.id);
    expect(fullRun.status).toBe("succeeded");
    expect(fullRun.steps.map((s: Json) => s.status)).toEqual(["succeeded", "succeeded", "succeeded"]);

    // Edit step 3 afterwards; testing it alone uses the new config and the old run's outputs.
    const current = (await api.get(`/api/v1/workflows/${wf.id}`)).body;
    const steps = current.steps.map((s: Json, i: number) =>
      i === 2 ? { ...s, config: { fields: [{ name: "summary", expression: '{{ 2.hostId }} & " sev " & {{ 1.severity }}' }] } } : s,
    );
    expect((await api.put(`/api/v1/workflows/${wf.id}`, { name: current.name, steps, version: current.version })).status).toBe(200);

    const res = await api.post(`/api/v1/workflows/${wf.id}/steps/3/test`);
    expect(res.status).toBe(201);
    expect(res.body.run).toMatchObject({ workflowId: wf.id, status: "queued", test: true, scope: "step" });
    expect(res.body.run.trigger).toEqual({ host: { id: "h-1", name: "ws-1" }, severity: 3 });
    // Earlier outputs arrive copied in as completed steps.
    expect(res.body.run.steps.map((s: Json) => [s.number, s.status])).toEqual([
      [1, "succeeded"],
      [2, "succeeded"],
    ]);

    const run = await finished(res.body.run.id);
    expect(run.status).toBe("succeeded");
    expect(run.steps.map((s: Json) => [s.number, s.status])).toEqual([
      [1, "succeeded"],
      [2, "succeeded"],
      [3, "succeeded"],
    ]);
    expect(run.steps[1].output).toEqual({ hostId: "h-1" });
    expect(run.steps[1].logs[0]).toContain(`copied from run ${fullRun.id}`);
    expect(run.steps[2].output).toEqual({ summary: "h-1 sev 3" });
    expect(run.targetStepId).toBe(current.steps[2].id);

    // Visible in the run list as the newest (test) run; the original run is untouched.
    const list = await api.get(`/api/v1/workflows/${wf.id}/runs`);
    expect(list.body.runs[0]).toMatchObject({ id: run.id, test: true, scope: "step", status: "succeeded" });
    expect((await db().runStep.count({ where: { runId: fullRun.id } }))).toBe(3);
    expect(await db().run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ targetStepId: current.steps[2].id });

    // Testing step 2 alone picks the newest run with step 1's output, not the step test just
    // made: that one only copied it (it tested step 3, which step 2 does not read).
    const again = await api.post(`/api/v1/workflows/${wf.id}/steps/2/test`);
    expect(again.status).toBe(201);
    expect(again.body.run.steps.map((s: Json) => s.number)).toEqual([1]);
    expect(again.body.run.steps[0].logs[0]).toContain(fullRun.id);
    const second = await finished(again.body.run.id);
    expect(second.steps.map((s: Json) => [s.number, s.status, s.output])).toEqual([
      [1, "succeeded", { host: { id: "h-1", name: "ws-1" }, severity: 3 }],
      [2, "succeeded", { hostId: "h-1" }],
    ]);
  }, 60_000);

  it("uses a trigger test's output (Testing data) for step 2", async () => {
    const wf = await newWorkflow([webhook({ n: 21 }), transform([{ name: "answer", expression: "{{ 1.n }} * 2" }])]);
    const trig = await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`);
    expect((await finished(trig.body.run.id)).status).toBe("succeeded");
    const res = await api.post(`/api/v1/workflows/${wf.id}/steps/2/test`);
    expect(res.status).toBe(201);
    const run = await finished(res.body.run.id);
    expect(run.steps.find((s: Json) => s.number === 2)).toMatchObject({ status: "succeeded", output: { answer: 42 } });
  }, 30_000);

  it("answers 409 no_earlier_outputs when no run has them, and creates nothing", async () => {
    // No Testing data: nothing stands for step 1's output.
    const bare = await newWorkflow([{ kind: "webhook", config: {} }, transform([{ name: "x", expression: "{{ 1.n }}" }])]);
    const res = await api.post(`/api/v1/workflows/${bare.id}/steps/2/test`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: "no_earlier_outputs", missing: [1] });
    expect(res.body.message).toContain("step 1 (Webhook)");
    expect(await db().run.count({ where: { workflowId: bare.id } })).toBe(0);

    // Testing data stands for step 1, but step 3 also reads step 2, which never ran: with no run at
    // all, and after a trigger test.
    const wf = await newWorkflow([webhook({ n: 1 }), transform([{ name: "x", expression: "{{ 1.n }}" }]), transform([{ name: "y", expression: "{{ 2.x }}" }])]);
    const before = await api.post(`/api/v1/workflows/${wf.id}/steps/3/test`);
    expect(before.status).toBe(409);
    expect(before.body).toMatchObject({ error: "no_earlier_outputs", missing: [2] });
    await finished((await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`)).body.run.id);
    const step3 = await api.post(`/api/v1/workflows/${wf.id}/steps/3/test`);
    expect(step3.status).toBe(409);
    expect(step3.body).toMatchObject({ error: "no_earlier_outputs", missing: [2] });
    expect(await db().run.count({ where: { workflowId: wf.id } })).toBe(1);
  }, 30_000);

  it("rejects step numbers that are not a step after the trigger", async () => {
    const wf = await newWorkflow([webhook({}), transform([{ name: "x", expression: "1" }])]);
    expect((await api.post(`/api/v1/workflows/${wf.id}/steps/3/test`)).status).toBe(404);
    for (const bad of ["0", "two", "1.5", "-2"]) {
      const r = await api.post(`/api/v1/workflows/${wf.id}/steps/${bad}/test`);
      expect(r, bad).toEqual({ status: 404, body: { error: "not_found", message: `step "${bad}" not found` } });
    }
  });

  it("is tenant-isolated (404) and needs the editor role (viewer 403)", async () => {
    const wf = await newWorkflow([webhook({ n: 1 }), transform([{ name: "x", expression: "{{ 1.n }}" }])]);
    await finished((await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`)).body.run.id);
    const before = await db().run.count({ where: { workflowId: wf.id } });

    const outsider = apiClient(web.baseUrl, t.outsider.token);
    const foreign = await outsider.post(`/api/v1/workflows/${wf.id}/steps/2/test`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("not_found");
    const clientAdmin = apiClient(web.baseUrl, t.clientAdmin.token);
    expect((await clientAdmin.post(`/api/v1/workflows/${wf.id}/steps/2/test`)).status).toBe(404);

    const viewer = apiClient(web.baseUrl, t.viewer.token);
    expect((await viewer.post(`/api/v1/workflows/${wf.id}/steps/2/test`)).status).toBe(403);
    expect(await db().run.count({ where: { workflowId: wf.id } })).toBe(before);
  }, 30_000);
});
