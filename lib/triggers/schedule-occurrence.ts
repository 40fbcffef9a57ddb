// The cron occurrence a firing belongs to: the latest instant at or before `firedAt` that the
// expression names in its time zone. pg-boss sends the job a few seconds after that instant
// (or, after downtime, once for the most recent missed one).
import { CronExpressionParser } from "cron-parser";

export function scheduleOccurrence(cron: string, timezone: string, firedAt: Date): Date {
  const expr = CronExpressionParser.parse(cron, { tz: timezone, currentDate: new Date(firedAt.getTime() + 1_000) });
  return expr.prev().toDate();
}
