// A valid cron that says something other than what it seems to: with both the day of month and
// the day of week restricted, cron fires on a day that matches EITHER (crontab(5)'s rule), so
// "0 9 13 * 5" fires every Friday and on every 13th, not only on Friday the 13th. A day field
// that starts with * (`*/2`) counts as unrestricted for that rule, as in Vixie cron and cronie,
// so "0 9 */2 * 1" fires only on Mondays that are odd days — as surprising the other way round.
// Not an error — some want exactly that — but worth saying beside the preview.
// Pure and client-safe. Call it only with a cron checkCron accepts.
import { CronExpressionParser } from "cron-parser";
import { starredDayField } from "@/lib/triggers/cron-walls";

export function noteEitherDay(cron: string): string | null {
  const { dayOfMonth, dayOfWeek } = CronExpressionParser.parse(cron, { strict: false }).fields;
  if (dayOfMonth.isWildcard || dayOfWeek.isWildcard) return null;
  const [, , dom, , dow] = cron.trim().split(/\s+/);
  const starred = starredDayField(cron);
  if (starred)
    return `The ${starred === "dayOfMonth" ? `day of month ("${dom}")` : `day of week ("${dow}")`} starts with *, so, as in cron, this fires only on days that match both the day of month ("${dom}") and the day of week ("${dow}").`;
  return `Both the day of month ("${dom}") and the day of week ("${dow}") are set, so this fires on every day that matches either one, not only on days that match both.`;
}
