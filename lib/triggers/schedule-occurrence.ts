// The cron occurrence a firing belongs to: the latest instant at or before `at` that the
// expression names in its time zone. `at` is when pg-boss queued the firing job, a few seconds
// after that instant (or, after downtime, at once for the most recent missed one). The extra
// second allows for a worker clock slightly behind the database's, which released the job;
// crons have no seconds field (the catalog refuses 6 fields), so occurrences are whole minutes.
import { CronExpressionParser } from "cron-parser";

export function scheduleOccurrence(cron: string, timezone: string, at: Date): Date {
  const expr = CronExpressionParser.parse(cron, { tz: timezone, currentDate: new Date(at.getTime() + 1_000) });
  return expr.prev().toDate();
}

/** The occurrence before `occurrence` (a whole minute the expression names). */
export function previousOccurrence(cron: string, timezone: string, occurrence: Date): Date {
  return CronExpressionParser.parse(cron, { tz: timezone, currentDate: occurrence }).prev().toDate();
}
