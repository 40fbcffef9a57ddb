// The worker's consumer of run-execute: a batch of jobs is loaded together, its runs execute
// concurrently, their progress is group-committed, and each job is settled on its own
// (perJobResults), so one failing run never retries the others.
import type { JobResult, JobWithMetadata, PgBoss } from "pg-boss";
import { runExecutePayload } from "@/lib/jobs/queues";
import { createProgressWriter, type ProgressWriter } from "@/lib/runs/create-progress-writer";
import { executeRun } from "@/lib/runs/execute-run";
import { loadRunBatch } from "@/lib/runs/load-run-batch";
import { writeProgress } from "@/lib/runs/write-progress";
import { logger } from "@/lib/log";

export type RunJobHandler = (jobs: JobWithMetadata<unknown>[]) => Promise<JobResult[]>;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function createRunJobHandler({ boss, write = createProgressWriter() }: { boss: PgBoss; write?: ProgressWriter }): RunJobHandler {
  // Runs executing in this process. A second job for one of them (a duplicate, or a resume that
  // came due very early) is failed so that pg-boss retries it after this execution is over.
  const inFlight = new Set<string>();

  return async function handleRunJobs(jobs) {
    const results = new Map<string, JobResult>();
    const mine = new Map<string, JobWithMetadata<unknown>>();
    for (const job of jobs) {
      const parsed = runExecutePayload.safeParse(job.data);
      if (!parsed.success) results.set(job.id, { id: job.id, status: "deadletter", output: { error: "invalid run-execute payload" } });
      else if (inFlight.has(parsed.data.runId)) results.set(job.id, { id: job.id, status: "failed", output: { error: "run already executing here" } });
      // Two jobs of one run in a batch: one execution serves both.
      else if (mine.has(parsed.data.runId)) results.set(job.id, { id: job.id, status: "completed" });
      else mine.set(parsed.data.runId, job);
    }
    for (const runId of mine.keys()) inFlight.add(runId);
    try {
      const work = await loadRunBatch({ runIds: [...mine.keys()] });
      await Promise.all(
        [...mine].map(async ([runId, job]) => {
          const item = work.get(runId);
          try {
            const outcome = item ? await executeRun({ work: item, write, boss, signal: job.signal }) : "not_found";
            results.set(job.id, { id: job.id, status: "completed" });
            // Ids and the outcome only: outputs and payloads never go to the log.
            logger().info({ runId, workflowId: item?.run.workflowId, workspaceId: item?.run.workspaceId, outcome, attempt: job.retryCount + 1 }, "run executed");
          } catch (e) {
            const ids = { runId, workflowId: item?.run.workflowId, workspaceId: item?.run.workspaceId, attempt: job.retryCount + 1 };
            logger().error({ ...ids, err: message(e) }, "run execution failed");
            if (job.retryCount >= job.retryLimit && !job.signal.aborted) {
              // Out of retries: end the run visibly instead of leaving it "running" forever.
              await writeProgress({ steps: [], runs: [{ id: runId, status: "failed", error: `the run could not be executed: ${message(e)}`, finishedAt: new Date() }] }).catch(() => {});
            }
            results.set(job.id, { id: job.id, status: "failed", output: { error: message(e) } });
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
    return jobs.map((j) => results.get(j.id) ?? { id: j.id, status: "failed", output: { error: "not processed" } });
  };
}
