// Where every queue gets its consumer. Handlers live in lib/ (runnable from tests too).
import type { PgBoss } from "pg-boss";
import { QUEUES } from "@/lib/jobs/queues";
import { syncQueueOptions } from "@/lib/jobs/sync-queue-options";
import { createRunJobHandler } from "@/lib/runs/create-run-job-handler";
import { handleRunDeadLetters } from "@/lib/runs/fail-abandoned-runs";
import { createSchedulerFireHandler, createSchedulerTickHandler } from "@/lib/triggers/create-scheduler-fire-handler";
import { reconcileWorkflowSchedules } from "@/lib/triggers/reconcile-workflow-schedules";
import { registerRetention } from "@/lib/retention/register-retention";
import { registerScheduledBackup } from "@/lib/backup/register-scheduled-backup";
import { handleFailureAlertJobs } from "@/lib/failure-alerts/send-failure-alert";
import { errorMessage, logger } from "@/lib/log";

const RECONCILE_SCHEDULES_MS = 60_000;

/** concurrency: fetch loops; batchSize: jobs each fetches per round trip. A loop's runs execute
 *  side by side and their progress is group-committed (lib/runs/create-progress-writer.ts); it
 *  fetches again once all of them are done or parked. */
/** runsSettled: resolves once the run handlers' calls under way have returned (see worker/index.ts). */
export async function registerHandlers(
  boss: PgBoss,
  opts: { concurrency: number; batchSize: number; stopping?: () => boolean },
): Promise<{ runsSettled: () => Promise<void> }> {
  await syncQueueOptions({ boss, queues: [QUEUES.runDeadLetter, QUEUES.runExecute, QUEUES.schedulerFire, QUEUES.schedulerTick, QUEUES.failureAlert] });

  // LISTEN/NOTIFY wakes the loops the moment a run is enqueued (the queue has notify: true);
  // the 1 s poll is what picks up delayed jobs (Wait steps, retries) when they come due.
  const runJobs = createRunJobHandler({ boss, batchSize: opts.batchSize, stopping: opts.stopping });
  await boss.work(
    QUEUES.runExecute.name,
    {
      batchSize: opts.batchSize,
      localConcurrency: opts.concurrency,
      includeMetadata: true,
      burstWhenBatchFull: true,
      pollingIntervalSeconds: 1,
      notifyPollingIntervalSeconds: 1,
    },
    // A batch held by a slow run fetches more beside it, up to batchSize (create-run-job-handler.ts).
    runJobs,
  );
  await boss.work(QUEUES.runDeadLetter.name, { batchSize: 50, pollingIntervalSeconds: 5 }, handleRunDeadLetters);
  // Scheduler: one pass a minute makes every due run (lib/triggers/fire-due-schedules.ts). The
  // tick arrives by NOTIFY; scheduler-fire jobs (check these workflows now) are taken 50 at a time
  // and fetched again at once while a fetch comes back full.
  await boss.work(QUEUES.schedulerTick.name, { pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 }, createSchedulerTickHandler({ boss }));
  await boss.work(
    QUEUES.schedulerFire.name,
    { batchSize: 50, burstWhenBatchFull: true, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2 },
    createSchedulerFireHandler({ boss }),
  );
  // Failure alerts: one at a time per fetch; each is a single POST with a 15 s limit.
  await boss.work(QUEUES.failureAlert.name, { pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 }, handleFailureAlertJobs);
  await registerRetention({ boss });
  await registerScheduledBackup({ boss });

  const reconcile = () =>
    reconcileWorkflowSchedules({ boss }).catch((e) => logger().error({ component: "worker", err: errorMessage(e) }, "schedule reconcile failed"));
  await reconcile();
  setInterval(reconcile, RECONCILE_SCHEDULES_MS).unref();
  return { runsSettled: runJobs.settled };
}
