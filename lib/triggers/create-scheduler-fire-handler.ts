// The worker's consumer of scheduler-fire: each firing becomes a run (fireScheduledRun) for the
// occurrence the job was queued for (its createdOn: the worker registers this consumer with
// includeMetadata); a firing of a workflow that is no longer Live with a Scheduler trigger
// removes its schedule, and a firing whose schedule is gone (Draft meanwhile) does nothing.
import type { Job, PgBoss } from "pg-boss";
import { QUEUES, schedulerFirePayload } from "@/lib/jobs/queues";
import { fireScheduledRun } from "@/lib/triggers/fire-scheduled-run";
import { scheduleOccurrence } from "@/lib/triggers/schedule-occurrence";

const MAX_EARLY_MS = 1_000;

export function createSchedulerFireHandler({ boss }: { boss: PgBoss }) {
  return async function handleSchedulerFire(jobs: (Job<unknown> & { createdOn?: Date })[]): Promise<void> {
    for (const job of jobs) {
      const parsed = schedulerFirePayload.safeParse(job.data);
      if (!parsed.success) continue;
      const { workflowId } = parsed.data;
      const [schedule] = await boss.getSchedules(QUEUES.schedulerFire.name, workflowId);
      if (!schedule) continue;
      // pg-boss may queue a firing a little before its minute (it allows for clock skew; so does
      // scheduleOccurrence, by a second): the run waits for its minute rather than start, and
      // record firedAt, before the instant it is scheduled for. A second at most: a job that
      // reads as queued later than that (this worker's clock behind) is not held for it.
      if (job.createdOn) {
        const early = scheduleOccurrence(schedule.cron, schedule.timezone, job.createdOn).getTime() - Date.now();
        if (early > 0) await new Promise((r) => setTimeout(r, Math.min(early, MAX_EARLY_MS)));
      }
      const fired = await fireScheduledRun({ boss, jobId: job.id, workflowId, queuedAt: job.createdOn, notBefore: schedule.createdOn });
      if (fired.outcome === "stale") await boss.unschedule(QUEUES.schedulerFire.name, workflowId);
    }
  };
}
