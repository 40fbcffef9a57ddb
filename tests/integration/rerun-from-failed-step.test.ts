// Run again from the failed step (POST /api/v1/runs/{id}/rerun {"from": "failed_step"}): a run
// that created the PSA ticket at step 3 and failed at step 4 on a typo, run again once the typo
// is fixed, goes on from step 4 with steps 1–3's outputs — Run again ran every step, and the
// PSA got a second ticket (a new run, a new Idempotency-Key).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { finishedRunView, type Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";
import { startLocalServer } from "../helpers/local-server";

const { t, api } = startTestServer({ worker: true });

let psa: Awaited<ReturnType<typeof startLocalServer>>;
let tickets = 0;
beforeAll(async () => {
  psa = await startLocalServer((req, res) => {
    tickets++;
    res.writeHead(201, { "content-type": "application/json" });
    // An id beyond 2^53, as some PSAs give: copied, it stays exact.
    res.end(`{"id": 9007199254740993, "n": ${tickets}}`);
  });
});
afterAll(() => psa?.close());

const finished = (runId: string) => finishedRunView(api, runId);
const uniq = () => Math.random().toString(36).slice(2, 8);

async function failingAtStep4() {
  const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, {
    name: `Resume ${uniq()}`,
    steps: [
      { kind: "webhook", config: { testingData: { host: "srv-01" } } },
      { kind: "transform", name: "Shape", config: { fields: [{ name: "subject", expression: '"Disk full on " & {{ 1.host }}' }] } },
      { kind: "http", name: "Create ticket", config: { method: "POST", url: `${psa.url}/tickets`, body: { type: "json", json: { subject: "{{ 2.subject }}" } } } },
      { kind: "code", name: "Note", config: { code: "return { ticket: steps[3].body.id, note: steps[1].hots.toUpperCase() };" } },
    ],
  });
  expect(created.status).toBe(201);
  const run = await finished((await api.post(`/api/v1/workflows/${created.body.id}/steps/1/test`, { scope: "workflow" })).body.run.id);
  expect(run.status).toBe("failed");
  return { wf: created.body as Json, run };
}

async function fixStep4(wf: Json) {
  const cur = (await api.get(`/api/v1/workflows/${wf.id}`)).body;
  const steps = cur.steps.map((s: Json, i: number) => (i === 3 ? { ...s, config: { code: "return { ticket: steps[3].body.id, note: steps[1].host.toUpperCase() };" } } : s));
  expect((await api.put(`/api/v1/workflows/${wf.id}`, { name: cur.name, steps, version: cur.version })).status).toBe(200);
}

describe("Run again from the failed step", () => {
  it("goes on from the failed step with the earlier steps' outputs; nothing before it runs again", async () => {
    const { wf, run } = await failingAtStep4();
    const before = tickets;
    await fixStep4(wf);
    const res = await api.post(`/api/v1/runs/${run.id}/rerun`, { from: "failed_step" });
    expect(res.status).toBe(201);
    const again = await finished(res.body.id);
    expect(again.status).toBe("succeeded");
    expect(tickets).toBe(before);
    expect(again.steps.map((s: Json) => [s.number, s.status])).toEqual([[1, "succeeded"], [2, "succeeded"], [3, "succeeded"], [4, "succeeded"]]);
    expect(again.steps[2].logs).toEqual([`output copied from run ${run.id}, run again from step 4`]);
    expect(again.steps[3].output).toEqual({ ticket: 9007199254740992, note: "SRV-01" });
    const raw = await api.get(`/api/v1/runs/${again.id}/steps/${wf.steps[2].id}`);
    expect(raw.body.output.body.id).toBe(run.steps[2].output.body.id);

    // Run again without it runs every step: the PSA is called again.
    const whole = await finished((await api.post(`/api/v1/runs/${run.id}/rerun`)).body.id);
    expect(whole.status).toBe("succeeded");
    expect(tickets).toBe(before + 1);
  }, 60_000);

  it("is refused for a run that did not fail, with a body it does not take, and once the failed step is removed", async () => {
    const { wf, run } = await failingAtStep4();
    await fixStep4(wf);
    const ok = await finished((await api.post(`/api/v1/runs/${run.id}/rerun`)).body.id);
    expect(ok.status).toBe("succeeded");
    const notFailed = await api.post(`/api/v1/runs/${ok.id}/rerun`, { from: "failed_step" });
    expect(notFailed.status).toBe(409);
    expect(notFailed.body.error).toBe("run_not_failed");
    expect((await api.post(`/api/v1/runs/${run.id}/rerun`, { from: "step_2" })).status).toBe(400);

    const cur = (await api.get(`/api/v1/workflows/${wf.id}`)).body;
    expect((await api.put(`/api/v1/workflows/${wf.id}`, { name: cur.name, steps: cur.steps.slice(0, 3), version: cur.version })).status).toBe(200);
    const removed = await api.post(`/api/v1/runs/${run.id}/rerun`, { from: "failed_step" });
    expect(removed.status).toBe(409);
    expect(removed.body.error).toBe("step_removed");
    expect(removed.body.message).toContain("step 4, where this run failed, has since been removed");
  }, 60_000);
  it("runs a step added before the failed one since the run, on the copied outputs, and says so", async () => {
    const { wf, run } = await failingAtStep4();
    const before = tickets;
    // A step inserted between Shape and Create ticket, which the fixed step now reads.
    const cur = (await api.get(`/api/v1/workflows/${wf.id}`)).body;
    const tag = { kind: "transform", name: "Tag", config: { fields: [{ name: "tag", expression: '"TAG-" & {{ 1.host }}' }] } };
    const note = { ...cur.steps[3], config: { code: "return { ticket: steps[4].body.id, note: steps[1].host.toUpperCase(), tag: steps[3].tag };" } };
    const steps = [cur.steps[0], cur.steps[1], tag, cur.steps[2], note];
    expect((await api.put(`/api/v1/workflows/${wf.id}`, { name: cur.name, steps, version: cur.version })).status).toBe(200);
    const res = await api.post(`/api/v1/runs/${run.id}/rerun`, { from: "failed_step" });
    expect(res.status).toBe(201);
    const again = await finished(res.body.id);
    expect(again.steps.map((s: Json) => [s.number, s.name, s.status])).toEqual([
      [1, "Webhook", "succeeded"],
      [2, "Shape", "succeeded"],
      [3, "Tag", "succeeded"],
      [4, "Create ticket", "succeeded"],
      [5, "Note", "succeeded"],
    ]);
    expect(again.status).toBe("succeeded");
    expect(tickets).toBe(before);
    expect(again.steps[2].error ?? null).toBeNull();
    expect(again.steps[2].logs[0]).toBe(`added to the workflow since run ${run.id}, so it has no output there to copy: run now, with the outputs copied from that run`);
    expect(again.steps[4].output).toMatchObject({ note: "SRV-01", tag: "TAG-srv-01" });
  }, 60_000);
});
