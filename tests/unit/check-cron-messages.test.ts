// What the Scheduler says about a cron, case by case: accepted forms (the usual @macros among
// them) fire where the editor's preview says, because the preview and pg-boss's own
// previewSchedule() agree; refused forms name the field and say what it takes or how to write it.
import { PgBoss } from "pg-boss";
import { describe, expect, it } from "vitest";
import { loadEnv } from "@/lib/env";
import { checkCron } from "@/lib/triggers/check-cron";
import { nextFireTimes } from "@/lib/triggers/next-fire-times";
import { prepareSteps } from "@/lib/workflows/prepare-steps";

const DOW = "the day of week (5th field";
const DOW_TAKES = "takes 0–7 (0 and 7 are Sunday) or SUN–SAT";
const SHAPE = "a cron has 5 (minute hour day-of-month month day-of-week) or is a macro such as @daily";
const SECONDS = "; schedules fire at most once a minute, so there is no seconds field";

const REFUSED: [string, string][] = [
  ["@reboot", '"@reboot" runs once when a machine starts, and a schedule has no such moment (workers come and go); choose times instead, such as @daily or 0 8 * * *'],
  ["@midnight", '"@midnight" is not supported; write @daily (00:00 every day)'],
  ["@secondly", '"@secondly" is not supported: schedules fire at most once a minute; write * * * * * (every minute)'],
  ["@weekdays", '"@weekdays" is not supported; write 0 0 * * 1-5 (00:00 Monday to Friday)'],
  ["@DAILY", '"@DAILY": write macros in lower case, @daily'],
  ["@fortnightly", '"@fortnightly" is not a schedule macro; use @yearly, @monthly, @weekly, @daily, @hourly, or 5 fields'],
  ["* * *", `"* * *" has 3 fields: ${SHAPE}`],
  ["*/5 * * * * *", `"*/5 * * * * *" has 6 fields: ${SHAPE}${SECONDS}`],
  ["", `"" is empty: ${SHAPE}`],
  ["*/0 * * * *", 'the minute (1st field, "*/0") takes 0–59: step 0 is not allowed, use */1 … */59'],
  ["1-30/0 * * * *", 'the minute (1st field, "1-30/0") takes 0–59: step 0 is not allowed, use 1-30/1 … 1-30/29'],
  ["*/60 * * * *", 'the minute (1st field, "*/60") takes 0–59: step 60 is too large: only 0 would fire; use */1 … */59'],
  ["0 */24 * * *", 'the hour (2nd field, "*/24") takes 0–23: step 24 is too large: only 0 would fire; use */1 … */23'],
  ["*/x * * * *", 'the minute (1st field, "*/x") takes 0–59: step "x" is not a whole number; use */1 … */59'],
  ["*/5/2 * * * *", 'the minute (1st field, "*/5/2") takes 0–59: */5/2 has more than one step; write one, as */5 or 10-40/5'],
  ["0 5-1 * * *", 'the hour (2nd field, "5-1") takes 0–23: range 5-1 runs backwards; write 1-5, or 5-23,0-1 to wrap around'],
  ["0 0 * * 7-1", `${DOW}, "7-1") ${DOW_TAKES}: range 7-1 runs backwards; 7 is Sunday, as 0 is: write 0-1`],
  ["0 0 * * FRI-MON", `${DOW}, "FRI-MON") ${DOW_TAKES}: range FRI-MON runs backwards; write MON-FRI, or FRI-SAT,SUN-MON to wrap around`],
  ["0 0 1 NOV-FEB *", 'the month (4th field, "NOV-FEB") takes 1–12 or JAN–DEC: range NOV-FEB runs backwards; write FEB-NOV, or NOV-DEC,JAN-FEB to wrap around'],
  ["1-70 * * * *", 'the minute (1st field, "1-70") takes 0–59: 70 is not allowed'],
  ["60 * * * *", 'the minute (1st field, "60") takes 0–59: 60 is not allowed'],
  ["0 25 * * *", 'the hour (2nd field, "25") takes 0–23: 25 is not allowed'],
  ["* * 0 * *", 'the day of month (3rd field, "0") takes 1–31: 0 is not allowed'],
  ["* * * 13 *", 'the month (4th field, "13") takes 1–12 or JAN–DEC: 13 is not allowed'],
  ["0 0 * * 8", `${DOW}, "8") ${DOW_TAKES}: 8 is not allowed`],
  ["1-2-3 * * * *", 'the minute (1st field, "1-2-3") takes 0–59: 1-2-3 is not a range: a range is two values joined by one dash, as 1-5'],
  ["1, * * * *", 'the minute (1st field, "1,") takes 0–59: a list needs a value between every two commas, as 1,15'],
  ["MON-FRI 8 * * *", 'the minute (1st field, "MON-FRI") takes 0–59: MON is a day name: day names go in the 5th field (day of week)'],
  ["0 8 * MON-FRI *", 'the month (4th field, "MON-FRI") takes 1–12 or JAN–DEC: MON is a day name: day names go in the 5th field (day of week)'],
  ["0 8 * * JAN", `${DOW}, "JAN") ${DOW_TAKES}: JAN is a month name: month names go in the 4th field (month)`],
  ["0 8 * * MONDAY", `${DOW}, "MONDAY") ${DOW_TAKES}: MONDAY is not a name this field takes: names are three letters, SUN–SAT`],
  ["H * * * *", 'the minute (1st field, "H") takes 0–59: H (a hashed value) is not supported: pg-boss would draw a different value each time it checks the schedule; write a number'],
  ["0 0 15W * *", 'the day of month (3rd field, "15W") takes 1–31: W (the nearest weekday) is not supported; write the day itself, or L for the last day of the month'],
  ["0 0 L-2 * *", 'the day of month (3rd field, "L-2") takes 1–31: L (the last day of the month) stands alone: it cannot be part of a range or take a step'],
  ["0 0 * * L", `${DOW}, "L") ${DOW_TAKES}: L follows one day, as 5L (the last Friday of the month), with no range or step`],
  ["0 0 * * 1#6", `${DOW}, "1#6") ${DOW_TAKES}: #6 is not allowed, use #1 … #5 (1#2 is the second Monday of the month)`],
  ["0 0 * * 1#2,3", `${DOW}, "1#2,3") ${DOW_TAKES}: # takes one day and no list, range or step, as 1#2 (the second Monday of the month)`],
  ["0 0 31 4 *", '"0 0 31 4 *" never fires: the day of month (3rd field, "31") does not occur in the month (4th field, "4")'],
];

// Each accepted by checkCron, by the catalog at save, and by pg-boss, which fires them where nextFireTimes says.
const ACCEPTED = ["@hourly", "@daily", "@weekly", "@monthly", "@yearly", "@annually", "0 8 * * MON-FRI", "0 0 * * 7", "*/15 9-17 * * 1-5", "0 2 L * *", "0 9 * * 5L", "0 9 * * 1#2", "30 6 1,15 JAN-MAR,OCT *", "5/20 * * * *", "0 0 ? * *"];

describe("checkCron", () => {
  it.each(REFUSED)("%j is refused, naming what to write", (cron, message) => {
    expect(checkCron(cron, "UTC")).toBe(message);
  });

  it.each(ACCEPTED)("%j is accepted, saved, and previewed as pg-boss fires it", (cron) => {
    expect(checkCron(cron, "Europe/Berlin")).toBeNull();
    expect(() => prepareSteps({ input: [{ kind: "scheduler", config: { cron, timezone: "Europe/Berlin" } }] })).not.toThrow();
    // Across the spring-forward night in Berlin, from a moment that is not a whole minute.
    const from = new Date("2026-03-28T12:00:30Z");
    const boss = new PgBoss("postgres://nobody@127.0.0.1:1/unused");
    const theirs = boss.previewSchedule(cron, { tz: "Europe/Berlin", from, count: 5 });
    expect(nextFireTimes({ cron, timezone: "Europe/Berlin", from, count: 5 })).toEqual(theirs);
  });

  it("@daily fires at local midnight in the schedule's zone", () => {
    const times = nextFireTimes({ cron: "@daily", timezone: "Europe/Berlin", from: new Date("2026-03-28T12:00:00Z"), count: 3 });
    expect(times.map((d) => d.toISOString())).toEqual(["2026-03-28T23:00:00.000Z", "2026-03-29T22:00:00.000Z", "2026-03-30T22:00:00.000Z"]);
  });

  it("RETENTION_CRON takes the same forms and refuses with the same message", () => {
    const envOf = (RETENTION_CRON: string) => loadEnv({ NODE_ENV: "test", SECRET_KEY: "a".repeat(64), RETENTION_CRON });
    expect(envOf("@hourly").RETENTION_CRON).toBe("@hourly");
    expect(() => envOf("@reboot")).toThrow(`RETENTION_CRON: "@reboot" runs once when a machine starts`);
  });

  it("BACKUP_CRON too, and unset or empty means no scheduled backups", () => {
    const envOf = (BACKUP_CRON?: string) => loadEnv({ NODE_ENV: "test", SECRET_KEY: "a".repeat(64), ...(BACKUP_CRON === undefined ? {} : { BACKUP_CRON }) });
    expect(envOf("30 2 * * *").BACKUP_CRON).toBe("30 2 * * *");
    expect(envOf("").BACKUP_CRON).toBeUndefined();
    expect(envOf().BACKUP_CRON).toBeUndefined();
    expect(() => envOf("@reboot")).toThrow(`BACKUP_CRON: "@reboot" runs once when a machine starts`);
  });
});
