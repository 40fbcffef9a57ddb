// Which occurrences of a Live schedule are due for a run now: those the preview's walk
// (next-fire-times.ts) gives after `after` — the schedule's last run, or when the schedule took
// effect (went Live, or its cron or time zone changed) — up to `now`. The walk is chained from
// that last occurrence, so it is the preview's own sequence, and an instant that is not one of
// its occurrences (pg-boss's second 01:30 on a fall-back night) never makes a run.
//
// Bounded catch-up: of the occurrences due, the latest runs, and an earlier one only when it is at
// most DUE_WINDOW_MS old (a check delayed by load still runs every minute it covers). Workers back
// after downtime run the latest missed occurrence, not every one (the earlier ones are more than
// DUE_WINDOW_MS old unless the cron fires more often than that). The walk starts no further back
// than LOOKBACK_MS (an every-minute cron after a month away is one step back, not 43,200 forward).
import { occurrenceWalk, walkStartBefore } from "@/lib/triggers/next-fire-times";

export const DUE_WINDOW_MS = 90_000;
const LOOKBACK_MS = 2 * 86_400_000;

export function dueOccurrences({ cron, timezone, after, now }: { cron: string; timezone: string; after: Date | null; now: Date }): Date[] {
  let from = after ?? new Date(now.getTime() - LOOKBACK_MS);
  if (now.getTime() - from.getTime() > LOOKBACK_MS) {
    // Long away: start from the last occurrence before the lookback (if it is after `after`),
    // which the catch-up may still need as "the most recent missed one".
    // (walkStartBefore, not cron-parser's zone walk: that threw on Lord Howe and Chatham, and
    // missed the preview's instant across DST, so the schedule lost its catch-up run.)
    const bound = new Date(now.getTime() - LOOKBACK_MS);
    const before = walkStartBefore(cron, timezone, bound);
    from = after && before.getTime() <= after.getTime() ? after : before;
  }
  const next = occurrenceWalk(cron, timezone, from);
  const found: Date[] = [];
  for (let at = next(); at.getTime() <= now.getTime(); at = next()) found.push(at);
  if (found.length === 0) return [];
  const windowStart = now.getTime() - DUE_WINDOW_MS;
  const latest = found[found.length - 1];
  return [...found.slice(0, -1).filter((d) => d.getTime() >= windowStart), latest];
}
