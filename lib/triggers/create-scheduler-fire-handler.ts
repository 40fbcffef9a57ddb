// The worker's consumer of scheduler-fire: each firing becomes a run (fireScheduledRun); a
// firing of a workflow that is no longer Live with a Scheduler trigger removes its schedule.
import type { Job, PgBoss } from "pg-boss";
import { QUEUES, schedulerFirePayload } from "@/lib/jobs/queues";
import { fireScheduledRun } from "@/lib/triggers/fire-scheduled-run";

export function createSchedulerFireHandler({ boss }: { boss: PgBoss }) {
  return async function handleSchedulerFire(jobs: Job<unknown>[]): Promise<void> {
    for (const job of jobs) {
      const parsed = schedulerFirePayload.safeParse(job.data);
      if (!parsed.success) continue;
      const runId = await fireScheduledRun({ boss, jobId: job.id, workflowId: parsed.data.workflowId });
      if (runId === null) await boss.unschedule(QUEUES.schedulerFire.name, parsed.data.workflowId);
    }
  };
}
