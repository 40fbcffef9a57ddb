// An HTTP Request step tested as Test & Debug's Run whole workflow does, through the real server
// and worker: for files that check what a step sent to a local receiver, or what it made of the
// answer, and need the step's view (its output, logs, attempts) once the run has ended.
import { expect } from "vitest";
import { finishedRunView, type ApiClient, type Json } from "./api-fixtures";

/** Saves in `workspaceId` a workflow of a webhook trigger (Testing data `{ id: 1 }`) and `http` as
 *  step 2, runs it whole from the trigger and waits up to `timeoutMs` for the run to end; the
 *  run's view and step 2's. */
export async function testHttpWorkflow(api: ApiClient, workspaceId: string, name: string, http: Json, timeoutMs: number): Promise<{ run: Json; step: Json }> {
  const created = await api.post(`/api/v1/workspaces/${workspaceId}/workflows`, { name, steps: [{ kind: "webhook", name: "Alert", config: { testingData: { id: 1 } } }, http] });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const res = await api.post(`/api/v1/workflows/${created.body.id}/steps/1/test`, { scope: "workflow" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const runId = res.body.run.id as string;
  const stepId = created.body.steps[1].id as string;
  const run = await finishedRunView(api, runId, timeoutMs);
  const step = (await api.get(`/api/v1/runs/${runId}/steps/${stepId}`)).body;
  return { run, step };
}
