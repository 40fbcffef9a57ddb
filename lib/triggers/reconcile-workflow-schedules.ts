// Keeps pg-boss's Scheduler schedules as they should be: the one per-minute scheduler-tick (the
// check of every Live schedule, fire-due-schedules.ts) and no per-workflow schedule — earlier
// versions registered one per Live workflow on scheduler-fire, which pg-boss forwarded one by one
// (50 every 5 s). The worker runs it at start and every minute (a worker of an earlier version
// still running during an upgrade may register them again).
import type { PgBoss } from "pg-boss";
import { QUEUES } from "@/lib/jobs/queues";

export async function reconcileWorkflowSchedules({ boss }: { boss: PgBoss }): Promise<{ scheduled: number; removed: number }> {
  const tick = QUEUES.schedulerTick.name;
  const [have] = await boss.getSchedules(tick);
  let scheduled = 0;
  if (!have || have.cron !== "* * * * *" || have.timezone !== "UTC") {
    // missed: once — after a pause of every worker, one check at once (fireDueSchedules itself
    // catches up the most recent missed occurrence of each schedule).
    await boss.schedule(tick, "* * * * *", null, { tz: "UTC", missed: "once" });
    scheduled++;
  }
  let removed = 0;
  for (const legacy of await boss.getSchedules(QUEUES.schedulerFire.name)) {
    await boss.unschedule(QUEUES.schedulerFire.name, legacy.key);
    removed++;
  }
  return { scheduled, removed };
}
