// Run step (POST /api/v1/workflows/{id}/steps/{n}/test) on a step that reads a step on another
// branch of a Conditions step: with no run holding that step's output it answered 409
// no_earlier_outputs "…test the earlier steps first", pointing the wrong way; and once the other
// branch's step had been tested alone, it ran, borrowing an output no real run could give it,
// while the editor's field said the reference is on another branch. It now answers 409
// branch_reference first, in the field's own words, and nothing runs.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { findBranchReferenceErrors } from "@/lib/workflows/branch-references";
import type { Step } from "@/lib/workflows/definition";
import { finishedRunView, type Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { t, api } = startTestServer({ worker: true });

// 1 webhook, 2 Critical? (Yes → 3, Otherwise → 4), 3 isolate (Yes), 4 ticket (Otherwise) reading `ticket`.
const steps = (ticket: string): Step[] => [
  { id: "hook", kind: "webhook", name: "Alert", config: { testingData: { severity: "critical", host: "ws-1" } } },
  { id: "crit", kind: "conditions", name: "Critical?", config: { branches: [{ id: "yes", name: "Yes", match: "all", rules: [{ left: "{{ 1.severity }}", op: "equals", right: "critical" }], target: "iso" }], otherwise: { target: "tix" } } },
  { id: "iso", kind: "transform", name: "Isolate", config: { fields: [{ name: "id", expression: '"iso-" & {{ 1.host }}' }] } },
  { id: "tix", kind: "transform", name: "Ticket", config: { fields: [{ name: "ticket", expression: ticket }] } },
];

const finished = (runId: string) => finishedRunView(api, runId);

async function newWorkflow(ticket: string) {
  const res = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Isolate or ticket", steps: steps(ticket) });
  expect(res.status).toBe(201);
  return res.body as Json;
}

describe("Run step on a step reading another branch's step", () => {
  // The editor's note under the field, as Run step says it.
  const note = findBranchReferenceErrors(steps("{{ 3.id }}"))[0].message;
  const refused = {
    error: "branch_reference",
    message: `step 4 (Data Transformation): ${note}; nothing was run: change the reference`,
    step: 4,
    stepId: "tix",
    field: "fields.0.expression",
  };

  it("answers 409 branch_reference in the field's words when no run has that step's output", async () => {
    expect(note).toContain('refers to step 3, which is on branch "Yes" of step 2; this step is on Otherwise');
    const wf = await newWorkflow("{{ 3.id }}");
    const res = await api.post(`/api/v1/workflows/${wf.id}/steps/4/test`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual(refused);
    expect(await db().run.count({ where: { workflowId: wf.id } })).toBe(0);
  });

  it("still answers it after the other branch's step was tested alone, instead of borrowing that output", async () => {
    const wf = await newWorkflow("{{ 3.id }}");
    expect((await finished((await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`)).body.run.id)).status).toBe("succeeded");
    const iso = await api.post(`/api/v1/workflows/${wf.id}/steps/3/test`);
    expect(iso.status).toBe(201);
    expect((await finished(iso.body.run.id)).status).toBe("succeeded");

    const runs = await db().run.count({ where: { workflowId: wf.id } });
    const res = await api.post(`/api/v1/workflows/${wf.id}/steps/4/test`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual(refused);
    expect(await db().run.count({ where: { workflowId: wf.id } })).toBe(runs);

    // Reading a step its runs have run, the same step tests as before.
    const current = (await api.get(`/api/v1/workflows/${wf.id}`)).body;
    expect((await api.put(`/api/v1/workflows/${wf.id}`, { name: current.name, steps: steps("{{ 1.host }}"), version: current.version })).status).toBe(200);
    const fixed = await api.post(`/api/v1/workflows/${wf.id}/steps/4/test`);
    expect(fixed.status).toBe(201);
    const run = await finished(fixed.body.run.id);
    expect(run.steps.find((s: Json) => s.number === 4)).toMatchObject({ status: "succeeded", output: { ticket: "ws-1" } });
  }, 60_000);
});
