// A valid cron that says something other than what it seems to: with both the day of month and
// the day of week set, cron fires on a day that matches EITHER (Vixie cron's rule, which pg-boss's
// cron-parser follows), so "0 9 13 * 5" fires every Friday and on every 13th, not only on Friday
// the 13th. Not an error — some want exactly that — but worth saying beside the preview.
// Pure and client-safe. Call it only with a cron checkCron accepts.
import { CronExpressionParser } from "cron-parser";

export function noteEitherDay(cron: string): string | null {
  const { dayOfMonth, dayOfWeek } = CronExpressionParser.parse(cron, { strict: false }).fields;
  if (dayOfMonth.isWildcard || dayOfWeek.isWildcard) return null;
  const [, , dom, , dow] = cron.trim().split(/\s+/);
  return `Both the day of month ("${dom}") and the day of week ("${dow}") are set, so this fires on every day that matches either one, not only on days that match both.`;
}
