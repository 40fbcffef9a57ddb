// The worker's Scheduler consumers, both over fireDueSchedules: scheduler-tick (the per-minute
// check of every Live schedule) and scheduler-fire (check the workflows named, a batch at once;
// also what per-workflow schedules of earlier versions sent). A firing only means "check now":
// which occurrences run is decided by the preview's walk from the workflow's scheduledThrough,
// so a firing that matches no occurrence makes no run.
import type { Job, PgBoss } from "pg-boss";
import { db } from "@/lib/db/client";
import { schedulerFirePayload } from "@/lib/jobs/queues";
import { fireDueSchedules } from "@/lib/triggers/fire-due-schedules";

// pg-boss may send the minute's tick a moment before the minute on the database's clock (it
// reads that clock through its own skew estimate): a tick that close to the minute waits for it,
// rather than leave the minute's runs to the next tick.
const EARLY_MS = 2_000;

export function createSchedulerTickHandler({ boss }: { boss: PgBoss }) {
  return async function handleSchedulerTick(): Promise<void> {
    const [{ now }] = await db().$queryRaw<{ now: Date }[]>`SELECT now() AS now`;
    const early = 60_000 - (now.getTime() % 60_000);
    if (early <= EARLY_MS) await new Promise((r) => setTimeout(r, early));
    await fireDueSchedules({ boss });
  };
}

export function createSchedulerFireHandler({ boss }: { boss: PgBoss }) {
  return async function handleSchedulerFire(jobs: Job<unknown>[]): Promise<void> {
    const ids = new Set<string>();
    for (const job of jobs) {
      const parsed = schedulerFirePayload.safeParse(job.data);
      if (parsed.success) ids.add(parsed.data.workflowId);
    }
    if (ids.size > 0) await fireDueSchedules({ boss, workflowIds: [...ids] });
  };
}
