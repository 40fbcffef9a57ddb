// The worker's record of the step it was executing when its run was stopped elsewhere
// (record-stopped-step.ts): a Code step, which has no record while it runs, reads failed with the
// stop's own step error — a person's Stop or a re-push — not skipped as if it never ran; and the
// write changes nothing else (the steps never reached, a step the stop failed itself, a run that
// was not stopped), however often it is repeated.
import type { JobWithMetadata } from "pg-boss";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createRunJobHandler } from "@/lib/runs/create-run-job-handler";
import { endRunStopped, PUSH_STOP_REASON, PUSH_STOP_STEP_ERROR, stopStepError } from "@/lib/runs/end-run-stopped";
import { recordStoppedStep, type StoppedStep } from "@/lib/runs/record-stopped-step";
import { createWorkflow, runInStatus, stopTestBoss, testBoss } from "./run-engine-fixtures";

afterAll(stopTestBoss);

const steps = [
  { id: "hook", name: "Hook", kind: "webhook", config: {} },
  { id: "calc", name: "Calc", kind: "code", config: { code: "while (true) {}" } },
  { id: "next", name: "Next", kind: "code", config: { code: "return 1" } },
] as const;
const codeStep = (startedAt = new Date(Date.now() - 5_000)): StoppedStep => ({ stepId: "calc", number: 2, kind: "code", attempts: 1, startedAt });

/** A run executing its Code step (step 1 recorded, step 2 not: as the worker leaves it). */
async function runningRun(scope: "workflow" | "step" = "workflow") {
  const wf = await createWorkflow([...steps]);
  const run = await db().run.create({ data: { workflowId: wf.workflowId, workspaceId: wf.workspaceId, status: "running", scope, startedAt: new Date() } });
  await db().runStep.create({ data: { runId: run.id, stepId: "hook", number: 1, kind: "webhook", status: "succeeded", finishedAt: new Date() } });
  return run.id;
}
const stop = (runId: string, reason: string, stepError: string) =>
  db().$transaction((tx) => endRunStopped({ runId, steps: steps.map((s) => ({ ...s })), reason, stepError, tx }));
const load = (runId: string) => db().run.findUniqueOrThrow({ where: { id: runId }, include: { steps: { orderBy: { number: "asc" } } } });
const shape = (run: Awaited<ReturnType<typeof load>>) => run.steps.map((s) => `${s.number}:${s.status}`);

describe("recordStoppedStep", () => {
  it("fails a re-pushed copy's Code step with the push's step error, at the run's finish time; twice changes nothing", async () => {
    const runId = await runningRun();
    expect(await stop(runId, PUSH_STOP_REASON, PUSH_STOP_STEP_ERROR)).toBe(true);
    expect(shape(await load(runId))).toEqual(["1:succeeded", "2:skipped", "3:skipped"]); // the stop's placeholder

    const startedAt = new Date(Date.now() - 5_000);
    expect(await recordStoppedStep({ runId, step: codeStep(startedAt) })).toBe(true);
    const run = await load(runId);
    expect(shape(run)).toEqual(["1:succeeded", "2:failed", "3:skipped"]);
    expect(run.steps[1]).toMatchObject({ error: PUSH_STOP_STEP_ERROR, finishedAt: run.finishedAt, startedAt, attempts: 1 });
    expect(run.steps[2]).toMatchObject({ error: null, finishedAt: run.finishedAt });

    expect(await recordStoppedStep({ runId, step: codeStep() })).toBe(false);
    expect((await load(runId)).steps[1]).toMatchObject({ error: PUSH_STOP_STEP_ERROR, startedAt });
  });

  it("says who stopped it, for a person's Stop, and records it for a single-step test (which records no skipped steps)", async () => {
    const runId = await runningRun("step");
    expect(await stop(runId, "stopped by ada@example.test", "the run was stopped by ada@example.test during this step")).toBe(true);
    expect(await recordStoppedStep({ runId, step: codeStep() })).toBe(true);
    const run = await load(runId);
    expect(shape(run)).toEqual(["1:succeeded", "2:failed"]);
    expect(run.steps[1]).toMatchObject({ error: "the run was stopped by ada@example.test during this step", finishedAt: run.finishedAt });
  });

  it("leaves a step the stop recorded otherwise, and a run that was not stopped, as they were", async () => {
    // A step recorded before the stop (an HTTP Request's `running`): the stop failed it already.
    const failedByStop = await runningRun();
    await db().runStep.create({ data: { runId: failedByStop, stepId: "calc", number: 2, kind: "code", status: "running", attempts: 3 } });
    await stop(failedByStop, "stopped by ada@example.test", "the stop's own words");
    expect(await recordStoppedStep({ runId: failedByStop, step: codeStep() })).toBe(false);
    expect((await load(failedByStop)).steps[1]).toMatchObject({ status: "failed", error: "the stop's own words", attempts: 3 });

    // Still running (the refused write was another executor's doing, not a stop): nothing written.
    const running = await runningRun();
    expect(await recordStoppedStep({ runId: running, step: codeStep() })).toBe(false);
    expect(shape(await load(running))).toEqual(["1:succeeded"]);
  });
});

describe("a Code step that finishes after its run was stopped, before the worker's stop poll saw it", () => {
  it("reads failed with the stop's step error: its refused result write is taken for the stop", async () => {
    const wf = await createWorkflow([
      { kind: "webhook", config: {} },
      { kind: "code", config: { code: "const end = Date.now() + 3000; while (Date.now() < end) {} return 1", timeoutMs: 10_000 } },
      { kind: "code", config: { code: "return 2", timeoutMs: 5_000 } },
    ]);
    const run = await db().run.create({ data: { workflowId: wf.workflowId, workspaceId: wf.workspaceId, status: "queued", scope: "workflow", trigger: {} } });
    // The poll never runs within the test: the step's sandbox is not ended, its result comes back.
    const handle = createRunJobHandler({ boss: await testBoss(), stopPollMs: 600_000 });
    const job = { id: `job-${run.id}`, data: { runId: run.id }, retryCount: 0, retryLimit: 3, signal: new AbortController().signal } as unknown as JobWithMetadata<unknown>;
    const handled = handle([job]);
    await runInStatus(run.id, "running"); // step 1 recorded: the 3 s Code step is executing
    const reason = "stopped by ada@example.test";
    expect(await db().$transaction((tx) => endRunStopped({ runId: run.id, steps: wf.steps as never, reason, stepError: stopStepError(reason), tx }))).toBe(true);
    await handled;
    const after = await load(run.id);
    expect(after.status).toBe("stopped");
    expect(shape(after)).toEqual(["1:succeeded", "2:failed", "3:skipped"]);
    expect(after.steps[1]).toMatchObject({ error: "the run was stopped by ada@example.test during this step", finishedAt: after.finishedAt, output: null });
  });
});
