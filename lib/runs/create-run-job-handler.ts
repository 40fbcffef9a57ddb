// The worker's consumer of run-execute: a batch of jobs is loaded together, its runs execute
// concurrently and their progress is group-committed. A job whose run could not be executed is
// failed on its own here, so one failing run never retries the others; when the handler returns,
// pg-boss completes the rest (still active) in one statement by id. (pg-boss's perJobResults
// mode settles through a JSON recordset join that PostgreSQL plans as a scan of the whole job
// table: ~1.5 ms per batch at a few thousand retained jobs, the largest cost of a run at 200/s.)
import type { JobWithMetadata, PgBoss } from "pg-boss";
import { QUEUES, runExecutePayload } from "@/lib/jobs/queues";
import { createProgressWriter, type ProgressWriter } from "@/lib/runs/create-progress-writer";
import { executeRun } from "@/lib/runs/execute-run";
import { loadRunBatch } from "@/lib/runs/load-run-batch";
import { FINAL_RUN_STATUSES, type RunWrite } from "@/lib/runs/run-records";
import { writeProgress } from "@/lib/runs/write-progress";
import { logger } from "@/lib/log";

export type RunJobHandler = (jobs: JobWithMetadata<unknown>[]) => Promise<void>;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function createRunJobHandler({ boss, write = createProgressWriter() }: { boss: PgBoss; write?: ProgressWriter }): RunJobHandler {
  // Runs executing in this process. A second job for one of them (a duplicate, or a resume that
  // came due very early) is failed so that pg-boss retries it after this execution is over.
  const inFlight = new Set<string>();

  return async function handleRunJobs(jobs) {
    const failed: { job: JobWithMetadata<unknown>; error: string }[] = [];
    const mine = new Map<string, JobWithMetadata<unknown>>();
    for (const job of jobs) {
      const parsed = runExecutePayload.safeParse(job.data);
      if (!parsed.success) failed.push({ job, error: "invalid run-execute payload" });
      else if (inFlight.has(parsed.data.runId)) failed.push({ job, error: "run already executing here" });
      // Two jobs of one run in a batch: one execution serves both (the other completes).
      else if (!mine.has(parsed.data.runId)) mine.set(parsed.data.runId, job);
    }
    for (const runId of mine.keys()) inFlight.add(runId);
    try {
      const work = await loadRunBatch({ runIds: [...mine.keys()] });
      await Promise.all(
        [...mine].map(async ([runId, job]) => {
          const item = work.get(runId);
          // The run's end as executeRun writes it (status, error already masked), seen on its way
          // to the progress writer: the log says how the run ended without a query per run.
          let ended: RunWrite | undefined;
          let failedStep: { failedStep: number; failedStepKind: string } | undefined;
          const tracked: ProgressWriter = (w) => {
            if (w.run && FINAL_RUN_STATUSES.has(w.run.status)) ended = w.run;
            for (const s of w.steps ?? []) if (s.status === "failed") failedStep = { failedStep: s.number, failedStepKind: s.kind };
            return write(w);
          };
          try {
            const outcome = item ? await executeRun({ work: item, write: tracked, boss, signal: job.signal }) : "not_found";
            const status = outcome === "finished" ? ended?.status : outcome === "waiting" ? "waiting" : undefined;
            // Ids, the outcome and a failed run's failed step (number, kind): not the run's error,
            // which quotes a third party's response body or what user code threw (see the run).
            const fields = { runId, workflowId: item?.run.workflowId, workspaceId: item?.run.workspaceId, outcome, status, attempt: job.retryCount + 1 };
            if (status === "failed") logger().warn({ ...fields, ...failedStep }, "run failed");
            else logger().info(fields, "run executed");
          } catch (e) {
            const ids = { runId, workflowId: item?.run.workflowId, workspaceId: item?.run.workspaceId, attempt: job.retryCount + 1 };
            logger().error({ ...ids, err: message(e) }, "run execution failed");
            if (job.retryCount >= job.retryLimit && !job.signal.aborted) {
              // Out of retries: end the run visibly instead of leaving it "running" forever.
              await writeProgress({ steps: [], runs: [{ id: runId, status: "failed", error: `the run could not be executed: ${message(e)}`, finishedAt: new Date() }] }).catch(() => {});
            }
            failed.push({ job, error: message(e) });
          } finally {
            // Now, not when the whole batch is done: a run that just parked itself may have a
            // resume job coming due while slower runs of this batch are still executing.
            inFlight.delete(runId);
          }
        }),
      );
    } finally {
      for (const runId of mine.keys()) inFlight.delete(runId);
    }
    // Settled before returning: what pg-boss completes afterwards is only what is still active.
    for (const { job, error } of failed) await boss.fail(QUEUES.runExecute.name, job, { error });
  };
}
