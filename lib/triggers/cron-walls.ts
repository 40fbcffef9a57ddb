// The wall times a cron names, read as UTC, with crontab(5)'s day rule: when both day fields are
// restricted — neither starts with * — a day matching either runs; when one starts with *, a day
// must match both. Vixie cron (and cronie) set DOM_STAR / DOW_STAR from a field's first
// character, so `*/2` counts as unrestricted there: `0 9 */2 * 1` runs on Mondays that are odd
// days of the month. cron-parser (pg-boss's parser) reads `*/2` as restricted and would run every
// odd day and every Monday; here the field that starts with * is read as *, and its days are then
// required of each day the rest of the cron gives. Pure and client-safe.
import { CronExpressionParser, type CronExpression } from "cron-parser";

const DAY = 86_400_000;
// Days of the month fall on every weekday within the Gregorian calendar's 400 years; a pair of day
// fields that never meet (`0 9 */30 2 5L`: the 1st or 31st of February as its last Friday) is
// refused past them rather than walked forever.
const MAX_SPAN = 146_097 * DAY;

export type CronWalls = { next(): Date; prev(): Date };

const startsWithStar = (field: string | undefined) => field !== undefined && /^[*?]/.test(field);

/** The day field that starts with * while both are restricted to cron-parser (so it would read
 *  them as either), or null when cron-parser's reading is already crontab(5)'s. The day of month
 *  when both start with *: the day of week then counts as cron-parser reads it, with every day. */
export function starredDayField(cron: string): "dayOfMonth" | "dayOfWeek" | null {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return null;
  const { dayOfMonth, dayOfWeek } = CronExpressionParser.parse(cron, { strict: false }).fields;
  if (dayOfMonth.isWildcard || dayOfWeek.isWildcard) return null;
  return startsWithStar(fields[2]) ? "dayOfMonth" : startsWithStar(fields[4]) ? "dayOfWeek" : null;
}

/** Walls strictly after (next) or before (prev) `currentDate`, by cron's day rule. */
export function cronWalls(cron: string, currentDate: Date): CronWalls {
  const parsed = CronExpressionParser.parse(cron, { tz: "UTC", strict: false, currentDate });
  const starred = starredDayField(cron);
  if (!starred) return { next: () => parsed.next().toDate(), prev: () => parsed.prev().toDate() };
  const starDom = starred === "dayOfMonth";
  const { dayOfMonth, dayOfWeek } = parsed.fields;
  // Read the starred field as * (cron-parser then gives the other field's days alone: the
  // rule's AND with every day) and require its own days of each wall.
  const [minute, hour, dom, month, dow] = cron.trim().split(/\s+/);
  const rest = starDom ? [minute, hour, "*", month, dow] : [minute, hour, dom, month, "*"];
  const walls = CronExpressionParser.parse(rest.join(" "), { tz: "UTC", strict: false, currentDate });
  const days = new Set((starDom ? dayOfMonth.values : dayOfWeek.values).map(Number).map((d) => (starDom ? d : d % 7)));
  const matches = (wall: Date) => days.has(starDom ? wall.getUTCDate() : wall.getUTCDay());
  const step = (take: (w: CronExpression) => Date, forward: boolean) => {
    for (;;) {
      const wall = take(walls);
      if (Math.abs(wall.getTime() - currentDate.getTime()) > MAX_SPAN) break;
      if (matches(wall)) return wall;
      // Not a day of the starred field: go on from the day's end (or start) rather than wall by wall.
      const dayStart = Math.floor(wall.getTime() / DAY) * DAY;
      walls.reset(new Date(forward ? dayStart + DAY - 1 : dayStart));
    }
    throw new Error(`the day of month ("${dom}") and the day of week ("${dow}") never fall on the same day`);
  };
  return { next: () => step((w) => w.next().toDate(), true), prev: () => step((w) => w.prev().toDate(), false) };
}
