// The worker's consumer of run-execute: a batch of jobs is loaded together, its runs execute
// concurrently and their progress is group-committed. A job whose run could not be executed is
// failed on its own here, so one failing run never retries the others; when the handler returns,
// pg-boss completes the rest (still active) in one statement by id. (pg-boss's perJobResults
// mode settles through a JSON recordset join that PostgreSQL plans as a scan of the whole job
// table: ~1.5 ms per batch at a few thousand retained jobs, the largest cost of a run at 200/s.)
//
// pg-boss fetches a loop's next batch only once its handler returns, so one slow run (an HTTP
// Request to an API that takes its 30 s timeout) held its whole loop, and WORKER_CONCURRENCY
// such runs held every other run of the worker, every tenant's. A batch still running after
// REFILL_AFTER_MS therefore fetches more jobs itself, up to its batch size in flight, while
// anything of it runs (for REFILL_FOR_MS at most, well inside the jobs' 15-minute expiry). Those
// jobs are settled one by one as their runs end, and kept claimed by a heartbeat of their own.
//
// A run is stopped by another process (Stop, stop-run.ts; a re-push): the runs executing here
// learn of it by polling their status, one query a second for all of them that have executed
// for a second or more (nearly every run has ended by then, and costs nothing). A run found
// ended has its signal aborted: its Code step's sandbox execution is ended at once (it held a
// sandbox child until its time limit, up to a minute, keeping the workspace's other Code steps
// waiting), an HTTP Request or AI Prompt stops waiting for its answer, and no further step starts.
// The step it was executing then (or whose result write was refused, the run having ended within
// that second) is recorded failed with the stop's error: a Code step has no record of its own
// for the stop to fail (record-stopped-step.ts).
import type { JobWithMetadata, PgBoss } from "pg-boss";
import { QUEUES, runExecutePayload } from "@/lib/jobs/queues";
import { db } from "@/lib/db/client";
import { createProgressWriter, type ProgressWriter } from "@/lib/runs/create-progress-writer";
import { UNFINISHED_RUN_STATUSES } from "@/lib/runs/end-run-stopped";
import { executeRun } from "@/lib/runs/execute-run";
import { loadRunBatch } from "@/lib/runs/load-run-batch";
import { recordStoppedStep, type StoppedStep } from "@/lib/runs/record-stopped-step";
import { stopUnreviewedRun } from "@/lib/runs/stop-unreviewed-run";
import { FINAL_RUN_STATUSES, type RunWrite } from "@/lib/runs/run-records";
import { writeProgress } from "@/lib/runs/write-progress";
import { errorMessage as message, logger } from "@/lib/log";

/** settled: resolves once every call under way has returned (a stopping worker waits for it
 *  before closing its pool, so interrupted runs still settle their jobs). */
export type RunJobHandler = ((jobs: JobWithMetadata<unknown>[]) => Promise<void>) & { settled: () => Promise<void> };

type Job = JobWithMetadata<unknown>;

export const REFILL = { afterMs: 3_000, forMs: 2 * 60_000, pollMs: 1_000, heartbeatMs: 5_000 };
/** How often the runs executing here are checked for a Stop written elsewhere. */
export const STOP_POLL_MS = 1_000;

export type CreateRunJobHandlerOptions = {
  boss: PgBoss;
  write?: ProgressWriter;
  /** Jobs a batch keeps in flight when it fetches more beside a slow run (WORKER_BATCH_SIZE). */
  batchSize?: number;
  /** The worker is shutting down: fetch nothing more. */
  stopping?: () => boolean;
  refill?: Partial<typeof REFILL>;
  stopPollMs?: number;
};

const QUEUE = QUEUES.runExecute.name;

export function createRunJobHandler({ boss, write = createProgressWriter(), batchSize = 25, stopping = () => false, refill = {}, stopPollMs = STOP_POLL_MS }: CreateRunJobHandlerOptions): RunJobHandler {
  const { afterMs, forMs, pollMs, heartbeatMs } = { ...REFILL, ...refill };
  // Runs executing in this process. A second job for one of them (a duplicate, or a resume that
  // came due very early) is failed so that pg-boss retries it after this execution is over.
  const inFlight = new Set<string>();

  // Runs executing here, watched for a Stop written by another process (see the top of the file).
  const watched = new Map<string, { since: number; ended: AbortController }>();
  let stopPoll: NodeJS.Timeout | undefined;
  let polling = false;
  const pollStops = async () => {
    const ids = [...watched].filter(([, w]) => Date.now() - w.since >= stopPollMs).map(([id]) => id);
    if (ids.length === 0 || polling) return;
    polling = true;
    try {
      const unfinished = [...UNFINISHED_RUN_STATUSES];
      const ended = await db().$queryRaw<{ id: string; status: string }[]>`
        SELECT id, status::text FROM "Run" WHERE id = ANY(${ids}::text[]) AND status::text <> ALL(${unfinished}::text[])`;
      for (const r of ended) watched.get(r.id)?.ended.abort(new Error(`run ${r.id} was ended elsewhere (${r.status}) while it executed here`));
    } catch {
      // Tried again at the next tick: a poll that could not run says nothing about the runs.
    } finally {
      polling = false;
    }
  };
  const watch = (runId: string): AbortSignal => {
    const ended = new AbortController();
    watched.set(runId, { since: Date.now(), ended });
    if (!stopPoll) {
      stopPoll = setInterval(() => void pollStops(), stopPollMs);
      stopPoll.unref();
    }
    return ended.signal;
  };
  const unwatch = (runId: string) => {
    watched.delete(runId);
    if (watched.size === 0 && stopPoll) {
      clearInterval(stopPoll);
      stopPoll = undefined;
    }
  };

  /** The jobs to execute, one per run; the rest go to `refused` with why. */
  function claim(jobs: readonly Job[], refused: { job: Job; error: string }[]): Map<string, Job> {
    const mine = new Map<string, Job>();
    for (const job of jobs) {
      const parsed = runExecutePayload.safeParse(job.data);
      if (!parsed.success) refused.push({ job, error: "invalid run-execute payload" });
      else if (inFlight.has(parsed.data.runId)) refused.push({ job, error: "run already executing here" });
      // Two jobs of one run in a batch: one execution serves both (the other completes).
      else if (!mine.has(parsed.data.runId)) mine.set(parsed.data.runId, job);
    }
    for (const runId of mine.keys()) inFlight.add(runId);
    return mine;
  }

  /** Executes the claimed runs side by side; `ended` hears of each (error: why it could not run). */
  async function executeJobs(mine: Map<string, Job>, ended: (job: Job, error: string | null) => void | Promise<void>, signalOf: (job: Job) => AbortSignal) {
    try {
      const work = await loadRunBatch({ runIds: [...mine.keys()] });
      await Promise.all(
        [...mine].map(async ([runId, job]) => {
          const item = work.get(runId);
          // The run's end as executeRun writes it (status, error already masked), seen on its way
          // to the progress writer: the log says how the run ended without a query per run.
          let endedAs: RunWrite | undefined;
          let failedStep: { failedStep: number; failedStepKind: string } | undefined;
          const tracked: ProgressWriter = (w) => {
            if (w.run && FINAL_RUN_STATUSES.has(w.run.status)) endedAs = w.run;
            for (const s of w.steps ?? []) if (s.status === "failed") failedStep = { failedStep: s.number, failedStepKind: s.kind };
            return write(w);
          };
          let error: string | null = null;
          const endedElsewhere = watch(runId);
          const signal = AbortSignal.any([signalOf(job), endedElsewhere]);
          const executing: { step?: StoppedStep } = {};
          // Only once the run is known to have ended (or its write was refused): guarded on `stopped`.
          const recordStopped = async () => {
            if (!executing.step) return;
            const fields = { runId, workflowId: item?.run.workflowId, workspaceId: item?.run.workspaceId, stepNumber: executing.step.number };
            await recordStoppedStep({ runId, step: executing.step }).catch((e) => logger().error({ ...fields, err: message(e) }, "the stopped run's step could not be recorded failed"));
          };
          try {
            // A pushed copy's run while the push awaits the client's review: stopped, not executed.
            const outcome = !item ? "not_found" : item.unreviewedPush ? await stopUnreviewedRun({ work: item }) : await executeRun({ work: item, write: tracked, boss, signal, executing });
            // Its step's result refused: perhaps stopped within the second before the poll saw it.
            if (outcome === "lost") await recordStopped();
            const status = outcome === "finished" ? endedAs?.status : outcome === "waiting" || outcome === "stopped" ? outcome : undefined;
            // Ids, the outcome and a failed run's failed step (number, kind): not the run's error,
            // which quotes a third party's response body or what user code threw (see the run).
            const fields = { runId, workflowId: item?.run.workflowId, workspaceId: item?.run.workspaceId, outcome, status, attempt: job.retryCount + 1 };
            if (status === "failed") logger().warn({ ...fields, ...failedStep }, "run failed");
            else logger().info(fields, "run executed");
          } catch (e) {
            const ids = { runId, workflowId: item?.run.workflowId, workspaceId: item?.run.workspaceId, attempt: job.retryCount + 1 };
            // Stopped meanwhile, its step interrupted: the run has ended, so its job is done.
            if (endedElsewhere.aborted) {
              await recordStopped();
              logger().info(ids, "run stopped during a step; the step was interrupted");
            } else {
              // The worker's stop (SIGTERM) outlasted its grace period: an orderly stop, not a failure
              // for alerting to page on. The step was left as it was; the job is failed so that it is
              // retried, and the run resumes from that step (lib/runs/execute-run.ts).
              if (signal.aborted && stopping()) logger().info(ids, "run interrupted by shutdown; it resumes on the next start");
              else logger().error({ ...ids, err: message(e) }, "run execution failed");
              if (job.retryCount >= job.retryLimit && !signal.aborted) {
                // Out of retries: end the run visibly instead of leaving it "running" forever.
                await writeProgress({ steps: [], runs: [{ id: runId, status: "failed", error: `the run could not be executed: ${message(e)}`, finishedAt: new Date() }] }).catch(() => {});
              }
              error = message(e);
            }
          } finally {
            // Now, not when the whole batch is done: a run that just parked itself may have a
            // resume job coming due while slower runs of this batch are still executing.
            inFlight.delete(runId);
            unwatch(runId);
          }
          await ended(job, error);
        }),
      );
    } finally {
      for (const runId of mine.keys()) {
        inFlight.delete(runId);
        unwatch(runId);
      }
    }
  }

  const calls = new Set<Promise<void>>();
  const handler = async function handleRunJobs(jobs: Job[]) {
    const startedAt = Date.now();
    const failed: { job: Job; error: string }[] = [];
    const mine = claim(jobs, failed);
    let busy = mine.size;
    let wake: () => void = () => {};
    const runEnded = () => {
      busy--;
      wake();
    };
    let batchError: unknown = null;
    const batch = executeJobs(
      mine,
      (job, error) => {
        if (error !== null) failed.push({ job, error });
        runEnded();
      },
      (job) => job.signal,
    ).catch((e) => {
      batchError = e;
      busy -= mine.size; // the batch could not be loaded: none of its runs started
    });

    // Beside a batch that is still running after afterMs: more jobs, settled one by one.
    const extras = new Set<Promise<void>>();
    const held = new Map<string, { job: Job; claim: AbortController }>();
    const shutdown = jobs[0]?.signal; // pg-boss aborts the batch's signals when a stop runs out of time
    const settle = async (job: Job, error: string | null) => {
      held.delete(job.id);
      try {
        if (error === null) await boss.complete(QUEUE, job);
        else await boss.fail(QUEUE, job, { error });
      } catch (e) {
        // Unsettled, the job stays active until its heartbeat lapses, then it is retried: the run
        // continues from its last recorded step (or finds itself finished).
        logger().error({ component: "worker", jobId: job.id, err: message(e) }, "run job could not be settled");
      }
    };
    // Started with the first extra job: a batch that never fetches more (nearly all) costs nothing.
    let heartbeat: NodeJS.Timeout | undefined;
    const beat = () => {
      const claims = [...held.values()];
      if (claims.length === 0) return;
      boss
        .touch(
          QUEUE,
          claims.map((c) => c.job),
        )
        .then((response) => {
          // touch() reports the ids it refreshed beside the count (CommandResponse leaves it untyped).
          const touched = (response as { settled?: string[] }).settled;
          if (!touched) return;
          const refreshed = new Set(touched);
          // Not refreshed: no longer this worker's (expired and retried elsewhere).
          for (const c of claims) if (!refreshed.has(c.job.id)) c.claim.abort(new Error(`job ${c.job.id} is no longer claimed by this worker`));
        })
        .catch(() => {}); // a heartbeat that could not run says nothing about the claims
    };

    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });

    try {
      // Not pause(): a run of the batch ending must not cut this wait short, only the whole batch.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, afterMs);
        void batch.then(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      while (busy > 0 && Date.now() - startedAt < forMs && !stopping() && !shutdown?.aborted) {
        const free = batchSize - busy;
        let fetched: Job[] = [];
        try {
          if (free > 0) fetched = await boss.fetch(QUEUE, { batchSize: free, includeMetadata: true });
        } catch (e) {
          // Not thrown: the batch's own runs are still executing, and a handler that throws has
          // pg-boss fail (and so retry) their jobs under them. Tried again after the poll.
          logger().error({ component: "worker", err: message(e) }, "fetching run jobs beside a slow batch failed");
        }
        const refused: { job: Job; error: string }[] = [];
        const more = claim(fetched, refused);
        for (const r of refused) void settle(r.job, r.error);
        // A second job of a run in this fetch: completed, the one execution serves both.
        const taken = new Set([...more.values(), ...refused.map((r) => r.job)]);
        for (const job of fetched) if (!taken.has(job)) void settle(job, null);
        if (more.size > 0) {
          busy += more.size;
          for (const job of more.values()) held.set(job.id, { job, claim: new AbortController() });
          heartbeat ??= setInterval(beat, heartbeatMs);
          const signalOf = (job: Job) => {
            const own = held.get(job.id)?.claim.signal ?? new AbortController().signal;
            return shutdown ? AbortSignal.any([shutdown, own]) : own;
          };
          const run = executeJobs(
            more,
            async (job, error) => {
              runEnded();
              await settle(job, error);
            },
            signalOf,
          ).catch(async (e) => {
            // Could not be loaded: failed, so they are retried.
            for (const job of more.values()) if (held.has(job.id)) await settle(job, message(e));
            busy -= more.size;
            wake();
          });
          extras.add(run);
          void run.finally(() => extras.delete(run));
          continue;
        }
        await pause(pollMs);
      }
      await batch;
      await Promise.all(extras);
    } finally {
      clearInterval(heartbeat);
    }
    if (batchError) throw batchError;
    // Settled before returning: what pg-boss completes afterwards is only what is still active.
    for (const { job, error } of failed) await boss.fail(QUEUE, job, { error });
  };
  const tracked = (jobs: Job[]) => {
    const call = handler(jobs);
    calls.add(call);
    void call.then(
      () => calls.delete(call),
      () => calls.delete(call),
    );
    return call;
  };
  return Object.assign(tracked, { settled: () => Promise.allSettled([...calls]).then(() => {}) });
}
