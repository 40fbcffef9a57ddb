// Brings pg-boss's schedules in line with the workflows: one for every Live workflow whose
// trigger is a Scheduler (with its current cron and time zone), none for anything else. The
// worker runs it at start and every minute, which repairs a schedule change that was missed
// (a crash right after go-live, or a cron edited on a Live workflow).
import type { PgBoss } from "pg-boss";
import { db } from "@/lib/db/client";
import { QUEUES } from "@/lib/jobs/queues";
import { desiredSchedule, syncWorkflowSchedule } from "@/lib/triggers/sync-workflow-schedule";

export async function reconcileWorkflowSchedules({ boss }: { boss: PgBoss }): Promise<{ scheduled: number; removed: number }> {
  const name = QUEUES.schedulerFire.name;
  const rows = await db().$queryRaw<{ id: string; mode: string; steps: unknown }[]>`
    SELECT id, mode::text AS mode, steps FROM "Workflow" WHERE mode = 'live' AND "triggerKind" = 'scheduler'`;
  const existing = new Map((await boss.getSchedules(name)).map((s) => [s.key, s]));
  let scheduled = 0;
  let removed = 0;
  const wanted = new Set<string>();
  for (const w of rows) {
    const want = desiredSchedule(w);
    if (!want) continue;
    wanted.add(w.id);
    const have = existing.get(w.id);
    if (have && have.cron === want.cron && have.timezone === want.timezone) continue;
    try {
      await syncWorkflowSchedule({ workflow: w, boss });
      scheduled++;
    } catch (e) {
      console.error(`schedule of workflow ${w.id}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  for (const key of existing.keys()) {
    if (wanted.has(key)) continue;
    await boss.unschedule(name, key);
    removed++;
  }
  return { scheduled, removed };
}
