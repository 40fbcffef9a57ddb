// The cron occurrence a firing belongs to: the latest instant at or before `firedAt` that the
// expression names in its time zone. pg-boss sends the job a few seconds after that instant
// (or, after downtime, once for the most recent missed one). The extra second allows for a
// worker clock slightly behind the database's, which released the job; crons have no seconds
// field (the catalog refuses 6 fields), so occurrences are whole minutes.
import { CronExpressionParser } from "cron-parser";

export function scheduleOccurrence(cron: string, timezone: string, firedAt: Date): Date {
  const expr = CronExpressionParser.parse(cron, { tz: timezone, currentDate: new Date(firedAt.getTime() + 1_000) });
  return expr.prev().toDate();
}
