// Run step with a chosen run's data (POST …/steps/{n}/test {"fromRunId"}): the technician debugging
// the delivery that failed at 2 a.m. tests the fixed step on that delivery's data, not on whatever
// ran last — a later delivery that had the field the failed one lacked made the test pass, and the
// fix looked done when it was not.
import { describe, expect, it } from "vitest";
import { finishedRunView, type Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { t, api, as } = startTestServer({ worker: true });

const finished = (runId: string) => finishedRunView(api, runId);
const uniq = () => Math.random().toString(36).slice(2, 8);

async function liveRunsOf(payloads: unknown[]) {
  const wf = (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, {
    name: `From run ${uniq()}`,
    steps: [
      { kind: "webhook", config: { testingData: { user: { email: "Sample@Example.com" } } } },
      { kind: "code", name: "Compute", config: { code: "return { email: steps[1].user.email.toLowerCase() };" } },
    ],
  })).body as Json;
  const runs: Json[] = [];
  // Test runs of the whole workflow with each payload as Testing data stand for deliveries.
  for (const p of payloads) {
    const cur = (await api.get(`/api/v1/workflows/${wf.id}`)).body;
    const steps = cur.steps.map((s: Json, i: number) => (i === 0 ? { ...s, config: { testingData: p } } : s));
    expect((await api.put(`/api/v1/workflows/${wf.id}`, { name: cur.name, steps, version: cur.version })).status).toBe(200);
    runs.push(await finished((await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`, { scope: "workflow" })).body.run.id));
  }
  return { wf, runs };
}

describe("Run step with a chosen run's data", () => {
  it("copies the chosen run's outputs, not the newest run's", async () => {
    const { wf, runs } = await liveRunsOf([{ nouser: true }, { user: { email: "Later@Example.com" } }]);
    const [failed, later] = runs;
    expect(failed.status).toBe("failed");
    expect(later.status).toBe("succeeded");
    // The newest run's data by default: the test passes, on the wrong delivery.
    expect((await finished((await api.post(`/api/v1/workflows/${wf.id}/steps/2/test`)).body.run.id)).status).toBe("succeeded");

    const res = await api.post(`/api/v1/workflows/${wf.id}/steps/2/test`, { fromRunId: failed.id });
    expect(res.status).toBe(201);
    expect(res.body.run.trigger).toEqual({ nouser: true });
    const run = await finished(res.body.run.id);
    expect(run.steps[0].logs[0]).toContain(`copied from run ${failed.id}`);
    expect(run.status).toBe("failed");
    expect(run.steps[1].error).toContain("reading 'email'");

    // Fixed, the step passes on that same delivery.
    const cur = (await api.get(`/api/v1/workflows/${wf.id}`)).body;
    const steps = cur.steps.map((s: Json, i: number) => (i === 1 ? { ...s, config: { code: "return { email: steps[1].user?.email?.toLowerCase() ?? null };" } } : s));
    expect((await api.put(`/api/v1/workflows/${wf.id}`, { name: cur.name, steps, version: cur.version })).status).toBe(200);
    const fixed = await finished((await api.post(`/api/v1/workflows/${wf.id}/steps/2/test`, { fromRunId: failed.id })).body.run.id);
    expect(fixed.status).toBe("succeeded");
    expect(fixed.steps[1].output).toEqual({ email: null });
  }, 60_000);

  it("a run that lacks an output the step reads is refused naming it; another workflow's run or an unknown one is a 404", async () => {
    const { wf, runs } = await liveRunsOf([{ nouser: true }]);
    const third = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, {
      name: `Reads 2 ${uniq()}`,
      steps: [{ kind: "webhook", config: { testingData: {} } }, { kind: "code", config: { code: "throw new Error('no');" } }, { kind: "transform", config: { fields: [{ name: "x", expression: "{{ 2.a }}" }] } }],
    });
    const failedAt2 = await finished((await api.post(`/api/v1/workflows/${third.body.id}/steps/1/test`, { scope: "workflow" })).body.run.id);
    const lacking = await api.post(`/api/v1/workflows/${third.body.id}/steps/3/test`, { fromRunId: failedAt2.id });
    expect(lacking.status).toBe(409);
    expect(lacking.body.error).toBe("no_earlier_outputs");
    expect(lacking.body.message).toContain(`run ${failedAt2.id} has no output for step 2 (Code Execution)`);

    expect((await api.post(`/api/v1/workflows/${third.body.id}/steps/2/test`, { fromRunId: runs[0].id })).status).toBe(404);
    expect((await api.post(`/api/v1/workflows/${wf.id}/steps/2/test`, { fromRunId: "nope" })).status).toBe(404);
    // Someone outside the workspace learns nothing of the run either.
    expect((await as(t.outsider).post(`/api/v1/workflows/${wf.id}/steps/2/test`, { fromRunId: runs[0].id })).status).toBe(404);
  }, 60_000);
  it("by default, a Run step on the chosen run's data is not the newest source: the newest delivery is", async () => {
    const { wf, runs } = await liveRunsOf([{ nouser: true }, { user: { email: "Newest@Example.com" } }]);
    const [failed, later] = runs;
    const onFailed = await finished((await api.post(`/api/v1/workflows/${wf.id}/steps/2/test`, { fromRunId: failed.id })).body.run.id);
    expect(onFailed.status).toBe("failed");
    // The box unticked: no fromRunId. The test run just made holds the failed delivery's copy.
    const res = await api.post(`/api/v1/workflows/${wf.id}/steps/2/test`);
    expect(res.status).toBe(201);
    expect(res.body.run.trigger).toEqual({ user: { email: "Newest@Example.com" } });
    const run = await finished(res.body.run.id);
    expect(run.steps[0].logs[0]).toContain(`copied from run ${later.id}`);
    expect(run.status).toBe("succeeded");
  }, 60_000);
});
