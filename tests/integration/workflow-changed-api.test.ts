// Run step, Run whole workflow and Go live may carry what the caller saw (`version`, and for Run
// step the step's `stepId`): a colleague's save in between — step 2 deleted so "step 3" is now
// another step, a GET turned DELETE — is a 409 workflow_changed, and nothing runs or goes Live.
// Without those fields the routes act on the stored workflow as before.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { type Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { t, api } = startTestServer();

const transform = (name: string) => ({ kind: "transform", name, config: { fields: [{ name: "x", expression: "1" }] } });

async function threeSteps() {
  const res = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, {
    name: "Changed meanwhile",
    steps: [{ kind: "webhook", name: "Alert", config: { testingData: { a: 1 } } }, transform("Noisy"), transform("Harmless lookup")],
  });
  expect(res.status).toBe(201);
  return res.body as Json;
}

/** A colleague deletes step 2: the one the caller calls step 3 is gone, its number now nobody's. */
async function colleagueDeletesStep2(wf: Json) {
  const steps = wf.steps.filter((_: Json, i: number) => i !== 1);
  const res = await api.put(`/api/v1/workflows/${wf.id}`, { name: wf.name, steps, version: wf.version });
  expect(res.status).toBe(200);
  return res.body as Json;
}

const runsOf = (workflowId: string) => db().run.count({ where: { workflowId } });

describe("what the caller saw, checked before acting", () => {
  it("Run step of a step that moved or a workflow saved since is 409 workflow_changed, and no run is made", async () => {
    const wf = await threeSteps();
    const seen = { version: wf.version, stepId: wf.steps[2].id };
    const now = await colleagueDeletesStep2(wf);
    // Step 2 is now "Harmless lookup"; the caller still means it as step 3.
    const gone = await api.post(`/api/v1/workflows/${wf.id}/steps/3/test`, seen);
    expect(gone.status).toBe(409);
    expect(gone.body).toMatchObject({ error: "workflow_changed", currentVersion: now.version });
    expect(gone.body.message).toMatch(/someone saved a newer version of this workflow/);
    // The same step at its new number, but sent with the old version: still refused.
    const stale = await api.post(`/api/v1/workflows/${wf.id}/steps/2/test`, seen);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe("workflow_changed");
    // Another step at that number (stepId alone, no version) is refused too.
    const other = await api.post(`/api/v1/workflows/${wf.id}/steps/2/test`, { stepId: wf.steps[1].id });
    expect(other.body).toMatchObject({ error: "workflow_changed" });
    expect(await runsOf(wf.id)).toBe(0);
    // Run whole workflow with the old version: refused, no run.
    const whole = await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`, { scope: "workflow", version: wf.version });
    expect(whole.status).toBe(409);
    expect(whole.body.error).toBe("workflow_changed");
    expect(await runsOf(wf.id)).toBe(0);
    // What the caller sees now runs; and a body without those fields runs as before.
    expect((await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`, { scope: "workflow", version: now.version })).status).toBe(201);
    expect((await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`)).status).toBe(201);
  });

  it("Go live with an older version is 409 workflow_changed and the workflow stays a Draft; the current one, or none, goes Live", async () => {
    const wf = await threeSteps();
    const now = await colleagueDeletesStep2(wf);
    const live = await api.post(`/api/v1/workflows/${wf.id}/live`, { version: wf.version });
    expect(live.status).toBe(409);
    expect(live.body).toMatchObject({ error: "workflow_changed", currentVersion: now.version });
    expect((await api.get(`/api/v1/workflows/${wf.id}`)).body.mode).toBe("draft");
    expect((await api.post(`/api/v1/workflows/${wf.id}/live`, { versoin: now.version })).status).toBe(400);
    expect((await api.post(`/api/v1/workflows/${wf.id}/live`, { version: now.version })).body.mode).toBe("live");
    expect((await api.post(`/api/v1/workflows/${wf.id}/live`)).status).toBe(200);
  });
});
