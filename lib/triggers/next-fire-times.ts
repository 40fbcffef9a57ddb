// The next occurrences of a Scheduler cron, computed as pg-boss computes them (its
// previewSchedule() walks cron-parser with strict: false in the schedule's time zone), so the
// editor's preview lists the times the worker will fire. Pure and client-safe. Call it only with
// a cron checkCron accepts: anything else throws, as pg-boss would.
import { CronExpressionParser } from "cron-parser";

export function nextFireTimes({ cron, timezone, from, count }: { cron: string; timezone: string; from: Date; count: number }): Date[] {
  const interval = CronExpressionParser.parse(cron, { tz: timezone, strict: false, currentDate: from });
  return Array.from({ length: count }, () => interval.next().toDate());
}
