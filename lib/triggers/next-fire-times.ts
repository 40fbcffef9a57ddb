// The occurrences of a Scheduler cron: the editor's preview lists them and the worker runs them
// (lib/triggers/due-occurrences.ts), from this one walk: cron-parser's next() with strict: false
// in the schedule's time zone, chained from occurrence to occurrence. Across a DST change that
// walk gives a daily time once per local day: a time the spring-forward jump skips runs just
// after the jump (02:30 New York → 03:30 EDT), a fall-back hour that repeats runs once (its
// first pass). Pure and client-safe. Call it only with a cron checkCron accepts: anything else
// throws.
import { CronExpressionParser } from "cron-parser";

/** The occurrences strictly after `from`, one per call. */
export function occurrenceWalk(cron: string, timezone: string, from: Date): () => Date {
  const interval = CronExpressionParser.parse(cron, { tz: timezone, strict: false, currentDate: from });
  return () => interval.next().toDate();
}

export function nextFireTimes({ cron, timezone, from, count }: { cron: string; timezone: string; from: Date; count: number }): Date[] {
  const next = occurrenceWalk(cron, timezone, from);
  return Array.from({ length: count }, () => next());
}
