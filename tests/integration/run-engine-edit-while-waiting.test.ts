// A workflow edited while a run of it is parked (on a Wait step, or in a retry's backoff): the
// resumed run continues where it left off. The record of a step removed meanwhile is closed as
// skipped, never left waiting in a finished run; a step added (or moved) ahead of where the run
// waited is recorded skipped, not run; steps after that point run as the definition now says.
// Parked runs are woken at once by making their delayed job and their Wait due, not by sleeping.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { QUEUES } from "@/lib/jobs/queues";
import { startTestServer } from "../helpers/api-server";
import { startLocalServer } from "../helpers/local-server";
import { eventually } from "../helpers/services";

const { t, api } = startTestServer({ worker: true });
let remote: Awaited<ReturnType<typeof startLocalServer>>;

beforeAll(async () => {
  // Unavailable for an hour: the run parks in a retry backoff that only the test ends.
  remote = await startLocalServer((_req, res) => {
    res.writeHead(503, { "retry-after": "3600" });
    res.end("down");
  });
});
afterAll(async () => {
  await remote?.close();
});

type StepView = { stepId: string; number: number; kind: string; status: string; output: unknown; error: string | null; logs: string[] };
type Wf = { id: string; name: string; version: number; steps: { id: string; kind: string; config: unknown }[] };

const newWorkflow = async (steps: unknown[]): Promise<Wf> => (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Edited while waiting", steps })).body;
const runWhole = async (workflowId: string) => (await api.post(`/api/v1/workflows/${workflowId}/steps/1/test`, { scope: "workflow" })).body.run as { id: string };
const runOf = async (id: string) => (await api.get(`/api/v1/runs/${id}`)).body as { status: string; steps: StepView[] };
const untilStatus = (id: string, status: string) => eventually(async () => (await runOf(id)).status === status, 30_000, `run ${id} to be ${status}`);
const edit = async (wf: Wf, steps: unknown[]) => {
  const res = await api.put(`/api/v1/workflows/${wf.id}`, { name: wf.name, version: wf.version, steps });
  expect(res.status).toBe(200);
};
const summary = (steps: StepView[]) => steps.map((s) => `${s.number}:${s.kind}:${s.status}`);

/** Ends the run's park now: its Wait (if any) reads as due, and its delayed job becomes due. */
async function wakeNow(runId: string) {
  await db().runStep.updateMany({ where: { runId, kind: "wait", status: "waiting" }, data: { output: { resumeAt: new Date().toISOString() } } });
  const due = await db().$executeRaw`
    UPDATE pgboss.job SET start_after = now()
    WHERE name = ${QUEUES.runExecute.name} AND data->>'runId' = ${runId} AND state = 'created'`;
  expect(due).toBe(1);
}

/** Runs the workflow until it parks, applies `steps` as an edit (none: left as it is), wakes the
 *  run and reads it back once it has succeeded. */
async function resumeAfterEdit(wf: Wf, steps?: unknown[]) {
  const run = await runWhole(wf.id);
  await untilStatus(run.id, "waiting");
  if (steps) await edit(wf, steps);
  await wakeNow(run.id);
  await untilStatus(run.id, "succeeded");
  return runOf(run.id);
}

const LONG_WAIT = { kind: "wait", config: { mode: "duration", seconds: 3600 } };

describe("a workflow edited while a run waits", () => {
  it("closes the record of a Wait removed while the run waited on it, and runs the steps after it", async () => {
    const wf = await newWorkflow([{ kind: "webhook", config: {} }, LONG_WAIT, { kind: "code", config: { code: "return 1" } }]);
    const after = await resumeAfterEdit(wf, [wf.steps[0], wf.steps[2]]);
    // The removed Wait kept its number (2) and comes before the step that has number 2 now.
    expect(summary(after.steps)).toEqual(["1:webhook:succeeded", "2:wait:skipped", "2:code:succeeded"]);
    expect(after.steps[1]).toMatchObject({ stepId: wf.steps[1].id, error: "removed from the workflow while the run was waiting here" });
    expect(after.steps[2].output).toBe(1);
  });

  it("closes the record of an HTTP Request removed during its retry backoff, keeping the failed attempt's log", async () => {
    const wf = await newWorkflow([
      { kind: "webhook", config: {} },
      { kind: "http", config: { url: `${remote.url}/down` } },
      { kind: "code", config: { code: "return 2" } },
    ]);
    const after = await resumeAfterEdit(wf, [wf.steps[0], wf.steps[2]]);
    expect(summary(after.steps)).toEqual(["1:webhook:succeeded", "2:http:skipped", "2:code:succeeded"]);
    // Its output is kept: the answer of the attempt that failed (a failed request's output is its response).
    expect(after.steps[1]).toMatchObject({ error: "removed from the workflow while the run was waiting here", output: { status: 503, body: "down" } });
    expect(after.steps[1].logs.some((l) => l.startsWith("attempt 1 of 5 failed"))).toBe(true);
    expect(remote.requests.filter((r) => r.url === "/down")).toHaveLength(1); // never sent again
  });

  it("continues after the Wait it was parked on: a step added ahead of it is recorded skipped, one added after it runs", async () => {
    const wf = await newWorkflow([{ kind: "webhook", config: {} }, LONG_WAIT, { kind: "code", config: { code: "return 'last'" } }]);
    const after = await resumeAfterEdit(wf, [
      wf.steps[0],
      { kind: "code", config: { code: "return 'added before'" } },
      wf.steps[1],
      { kind: "code", config: { code: "return 'added after'" } },
      wf.steps[2],
    ]);
    expect(summary(after.steps)).toEqual(["1:webhook:succeeded", "2:code:skipped", "3:wait:succeeded", "4:code:succeeded", "5:code:succeeded"]);
    expect(after.steps[1].output).toBeNull();
    expect(after.steps[1].error).toMatch(/^not run: added to the workflow \(or moved\) ahead of step 3 while the run was waiting there/);
    expect(after.steps.slice(3).map((s) => s.output)).toEqual(["added after", "last"]);
  });

  it("renumbers the record of a step that ran when the Wait it preceded is moved ahead of it: no two records share a number", async () => {
    const wf = await newWorkflow([{ kind: "webhook", config: {} }, { kind: "code", config: { code: "return 'ran first'" } }, LONG_WAIT, { kind: "code", config: { code: "return 'last'" } }]);
    const after = await resumeAfterEdit(wf, [wf.steps[0], wf.steps[2], wf.steps[1], wf.steps[3]]);
    // The code step that ran before the wait is not run again; it is step 3 now.
    expect(summary(after.steps)).toEqual(["1:webhook:succeeded", "2:wait:succeeded", "3:code:succeeded", "4:code:succeeded"]);
    expect(after.steps.map((s) => s.stepId)).toEqual([wf.steps[0].id, wf.steps[2].id, wf.steps[1].id, wf.steps[3].id]);
    expect(after.steps.slice(2).map((s) => s.output)).toEqual(["ran first", "last"]);
  });

  it("closes the record of a Wait an edit moved off the path the resumed run takes, instead of leaving it waiting", async () => {
    const wf = await newWorkflow([
      { kind: "webhook", config: {} },
      { kind: "conditions", config: { branches: [{ id: "a", rules: [{ left: "{{ 1.a }}", op: "equals", right: "never" }], target: "s5" }], otherwise: { target: "s3" } } },
      { id: "s3", kind: "code", config: { code: "return 'before the Wait'" } },
      { id: "s4", ...LONG_WAIT },
      { id: "s5", kind: "code", config: { code: "return 'other branch'" } },
    ]);
    // The Wait moves to the end: the branch the run took (s3 up to s5) no longer reaches it.
    const after = await resumeAfterEdit(wf, [wf.steps[0], wf.steps[1], wf.steps[2], wf.steps[4], wf.steps[3]]);
    expect(summary(after.steps)).toEqual(["1:webhook:succeeded", "2:conditions:succeeded", "3:code:succeeded", "4:code:skipped", "5:wait:skipped"]);
    expect(after.steps[4]).toMatchObject({
      stepId: "s4",
      error: "not run: the workflow was edited while the run waited here, and the path the run took no longer reaches this step",
    });
  });

  it("an unedited run resumed inside a Conditions branch records the steps outside the branch skipped, with no message", async () => {
    const wf = await newWorkflow([
      { kind: "webhook", config: {} },
      {
        kind: "conditions",
        config: { branches: [{ id: "never", rules: [{ left: "{{ 1.a }}", op: "equals", right: "never" }], target: "s3" }], otherwise: { target: "s4" } },
      },
      { id: "s3", kind: "code", config: { code: "return 'outside'" } },
      { id: "s4", ...LONG_WAIT },
      { kind: "code", config: { code: "return 'inside'" } },
    ]);
    const after = await resumeAfterEdit(wf);
    expect(summary(after.steps)).toEqual(["1:webhook:succeeded", "2:conditions:succeeded", "3:code:skipped", "4:wait:succeeded", "5:code:succeeded"]);
    expect(after.steps[2].error).toBeNull();
  });
});
