// A run whose run-execute job used up its attempts without the run ending (every worker that
// took it was killed mid-run) is failed visibly by the worker instead of staying "running".
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { QUEUES } from "@/lib/jobs/queues";
import { ABANDONED_RUN_ERROR, failAbandonedRuns } from "@/lib/runs/fail-abandoned-runs";
import { eventually, startWorker, type Service } from "../helpers/services";
import { createWorkflow, stopTestBoss, testBoss } from "./run-engine-fixtures";

const services: Service[] = [];
afterAll(async () => {
  await stopTestBoss();
  await Promise.all(services.map((s) => s.stop()));
});

/** The state a worker killed in step 2 leaves behind: step 1 done, step 2 running. */
async function interruptedRun(status: "running" | "succeeded" = "running") {
  const wf = await createWorkflow([
    { kind: "webhook", config: {} },
    { kind: "transform", config: { fields: [{ name: "x", expression: "{{ 1.a }}" }] } },
  ]);
  return db().run.create({
    data: {
      workflowId: wf.workflowId,
      workspaceId: wf.workspaceId,
      status,
      startedAt: new Date(),
      trigger: { a: 1 },
      steps: {
        create: [
          { stepId: "s1", number: 1, kind: "webhook", status: "succeeded", output: { a: 1 } },
          { stepId: "s2", number: 2, kind: "transform", status: status === "running" ? "running" : "succeeded" },
        ],
      },
    },
  });
}

describe("abandoned runs", () => {
  it("leave alone a run that ended and one that another job of it still serves", async () => {
    const ended = await interruptedRun("succeeded");
    const served = await interruptedRun("running");
    await (await testBoss()).send(QUEUES.runExecute.name, { runId: served.id }, { startAfter: 3_600 });
    expect(await failAbandonedRuns({ runIds: [ended.id, served.id] })).toBe(0);
    const rows = await db().run.findMany({ where: { id: { in: [ended.id, served.id] } }, include: { steps: true } });
    expect(rows.map((r) => r.status).sort()).toEqual(["running", "succeeded"]);
    expect(rows.flatMap((r) => r.steps).filter((s) => s.status === "failed")).toEqual([]);
  });

  it("a job out of attempts mid-run fails its run and the step that was executing", async () => {
    const run = await interruptedRun();
    const boss = await testBoss();
    await boss.send(QUEUES.runExecute.name, { runId: run.id }, { retryLimit: 0 });
    // Taken by a worker that then dies: pg-boss fails the job for good and dead-letters it.
    const jobs = await boss.fetch(QUEUES.runExecute.name, { batchSize: 10 });
    const job = jobs.find((j) => (j.data as { runId: string }).runId === run.id);
    expect(job).toBeDefined();
    await boss.fail(QUEUES.runExecute.name, job!.id, { error: "worker lost" });

    services.push(await startWorker());
    const failed = await eventually(
      async () => {
        const r = await db().run.findUnique({ where: { id: run.id }, include: { steps: { orderBy: { number: "asc" } } } });
        return r?.status === "failed" ? r : null;
      },
      30_000,
      "the abandoned run failed",
    );
    expect(failed.error).toBe(ABANDONED_RUN_ERROR);
    expect(failed.finishedAt).not.toBeNull();
    expect(failed.steps.map((s) => `${s.number}:${s.status}`)).toEqual(["1:succeeded", "2:failed"]);
    expect(failed.steps[1].error).toBe(ABANDONED_RUN_ERROR);
  });
});
