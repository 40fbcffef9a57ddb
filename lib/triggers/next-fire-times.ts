// The occurrences of a Scheduler cron: the editor's preview lists them and the worker runs them
// (lib/triggers/due-occurrences.ts), from this one walk. Pure and client-safe. Call it only with
// a cron checkCron accepts: anything else throws.
//
// The cron names local wall times; cron-parser walks those in UTC, where every minute exists
// once, and each is placed in the schedule's zone with Intl (cron-parser's own zone handling
// dropped real times on zones whose DST shift is 30 minutes or off the hour: Lord Howe's 02:30
// LHDT, Chatham's 02:50 day). The rule, for every zone:
// - a wall time that exists runs at that instant; one the fall-back repeats runs once, at its
//   first pass (01:30 New York on 7 November 2027 at 05:30Z, not 06:30Z) — unless the minute or
//   hour field starts with * (repeatsInFallBack): Vixie cron's rule, as such a schedule is an
//   interval, and running it once would leave a gap (0 * * * * New York had no run from 01:00 EDT
//   to 02:00 EST, two hours; */15 none for 75 minutes), so it runs at both passes;
// - a wall time the spring-forward jump skips runs as far after the jump as it was into the gap,
//   i.e. read with the offset before the jump (02:30 New York → 03:30 EDT, 02:00 Lord Howe →
//   02:30 LHDT, 02:50 Chatham → 03:50 CHADT), so a daily time runs once that day; several
//   landing on one instant (or on a real one) run once.
// The days are crontab(5)'s (lib/triggers/cron-walls.ts): a day field starting with * counts as
// unrestricted for the either-day rule.
import { cronWalls } from "@/lib/triggers/cron-walls";

const MIN = 60_000;
const H = 60 * MIN;
// Zone offsets lie within ±14 h, so the instant of a wall time is within 15 h of it read as UTC.
const REACH = 15 * H;
// Longest forward jump on record (Samoa skipped 30 December 2011) plus room.
const MAX_GAP = 25 * H;

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timezone: string): Intl.DateTimeFormat {
  let f = formats.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone: timezone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
    formats.set(timezone, f);
  }
  return f;
}

/** The zone's wall time at `ms`, as milliseconds read as UTC. */
function wallAt(f: Intl.DateTimeFormat, ms: number): number {
  const p: Record<string, number> = {};
  for (const x of f.formatToParts(ms)) if (x.type !== "literal") p[x.type] = Number(x.value);
  const sub = ((ms % 1000) + 1000) % 1000;
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) + sub;
}
const offsetAt = (f: Intl.DateTimeFormat, ms: number) => wallAt(f, ms) - ms;

/** The instants a wall time runs at, by the rule above: the first pass (or, skipped, the instant
 *  after the jump) and, for a time the fall-back repeats, the second pass. */
function instantsOf(f: Intl.DateTimeFormat, wall: number): { at: number; again: number | null } {
  const before = offsetAt(f, wall - REACH);
  const after = offsetAt(f, wall + REACH);
  if (before === after) return { at: wall - before, again: null }; // no change of offset near: the common case
  const fits = [wall - before, wall - after].filter((t) => wallAt(f, t) === wall).sort((a, b) => a - b);
  if (fits.length > 0) return { at: fits[0], again: fits.length > 1 && fits[1] !== fits[0] ? fits[1] : null };
  return { at: wall - before, again: null }; // skipped: read with the offset before the jump
}

/** Vixie cron's "wildcard job": the minute or hour field starts with * (? reads as *; @hourly is
 *  0 * * * *). It runs through a repeated fall-back hour as on any other; a fixed time runs once. */
export function repeatsInFallBack(cron: string): boolean {
  const t = cron.trim();
  if (t.startsWith("@")) return t === "@hourly";
  const [minute = "", hour = ""] = t.split(/\s+/);
  return /^[*?]/.test(minute) || /^[*?]/.test(hour);
}

/** The occurrences strictly after `from`, one per call, in order. */
export function occurrenceWalk(cron: string, timezone: string, from: Date): () => Date {
  const f = format(timezone);
  const start = from.getTime();
  // A skipped wall time runs up to a gap's length after the jump, so a walk starting just after
  // one looks back that far for wall times that land after `from`.
  const shift = Math.max(0, offsetAt(f, start) - offsetAt(f, start - MAX_GAP));
  // Likewise a second pass of a repeated time comes after `from` with a wall time before
  // `from`'s, by up to the fall-back's length, when the fall-back is near.
  const twice = repeatsInFallBack(cron);
  const back = twice ? Math.max(0, offsetAt(f, start) - offsetAt(f, start + MAX_GAP)) : 0;
  const walls = cronWalls(cron, new Date(wallAt(f, start) - Math.max(shift, back) - 1));
  let last = start;
  const pending: number[] = []; // instants of skipped wall times (and second passes), not yet passed by a real one
  const ready: number[] = [];
  return () => {
    while (ready.length === 0) {
      const wall = walls.next().getTime();
      const { at, again } = instantsOf(f, wall);
      // The second pass waits, as a skipped time does, for a later real instant: the wall
      // times after this one (the rest of the repeated hour's first pass) land before it.
      if (again !== null && twice) {
        pending.push(again);
        pending.sort((a, b) => a - b);
      }
      const exists = wallAt(f, at) === wall;
      if (!exists) {
        pending.push(at);
        pending.sort((a, b) => a - b);
        continue;
      }
      // Later wall times land later, and later gaps after this instant: what is pending up to it
      // is final.
      while (pending.length > 0 && pending[0] <= at) ready.push(pending.shift()!);
      ready.push(at);
      // Drop what is not after `from` or repeats the previous occurrence.
      for (let i = 0; i < ready.length; ) {
        if (ready[i] <= last) ready.splice(i, 1);
        else last = ready[i++];
      }
    }
    return new Date(ready.shift()!);
  };
}

/** An instant no later than the last occurrence at or before `at` (a walk from it, strictly
 *  after, meets that occurrence), found without walking up to `at`: the last cron wall time by
 *  `at`'s wall clock, placed with the earlier of the zone's offsets around it. Not cron-parser's
 *  own zone walk, whose prev() threw "loop limit exceeded" past Lord Howe's or Chatham's jump and
 *  gave another instant than the walk's (06:30Z for the fall-back 01:30 New York, the year before
 *  for a spring-forward 02:30), so the catch-up after downtime lost its run. */
export function walkStartBefore(cron: string, timezone: string, at: Date): Date {
  const f = format(timezone);
  // Any earlier start is as good, only longer to walk: after a fall-back the wall time found may
  // be an hour earlier than needed (at 01:10 EST, 01:00 rather than 01:45 EDT).
  const walls = cronWalls(cron, new Date(wallAt(f, at.getTime()) + 1));
  const wall = walls.prev().getTime();
  return new Date(Math.min(wall - offsetAt(f, wall - REACH), wall - offsetAt(f, wall + REACH)) - 1);
}

export function nextFireTimes({ cron, timezone, from, count }: { cron: string; timezone: string; from: Date; count: number }): Date[] {
  const next = occurrenceWalk(cron, timezone, from);
  return Array.from({ length: count }, () => next());
}
