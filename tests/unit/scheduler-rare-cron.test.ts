// Rare crons: `0 9 * 2 5#5` (the fifth Friday of February: only a leap year whose 29 February is
// a Friday) passed the check, then reportedly walked for ~148 s before "loop
// limit exceeded", hanging the editor's preview and the worker's tick. It did not reproduce on
// cron-parser 5.10.5 (which steps a day at a time within the cron's months, ~0.1 s at most here):
// these pin that such crons give their occurrences, and that ones that never fire are refused.
import { describe, expect, it } from "vitest";
import { checkCron } from "@/lib/triggers/check-cron";
import { dueOccurrences } from "@/lib/triggers/due-occurrences";
import { nextFireTimes, walkStartBefore } from "@/lib/triggers/next-fire-times";

const from = new Date("2026-11-25T06:00:00Z");
const next = (cron: string, count: number, timezone = "UTC") => nextFireTimes({ cron, timezone, from, count }).map((d) => d.toISOString());

describe("rare crons", () => {
  it("the fifth Friday of February is accepted and previews its leap-year Fridays", () => {
    expect(checkCron("0 9 * 2 5#5", "UTC")).toBeNull();
    expect(next("0 9 * 2 5#5", 2)).toEqual(["2036-02-29T09:00:00.000Z", "2064-02-29T09:00:00.000Z"]);
    // In a zone: 09:00 New York (EST) on that day.
    expect(next("0 9 * 2 5#5", 1, "America/New_York")).toEqual(["2036-02-29T14:00:00.000Z"]);
  });

  it("the worker's check of such a schedule finds nothing due now, and its run on the day", () => {
    expect(dueOccurrences({ cron: "0 9 * 2 5#5", timezone: "UTC", after: new Date("2026-01-01T00:00:00Z"), now: from })).toEqual([]);
    const due = dueOccurrences({ cron: "0 9 * 2 5#5", timezone: "UTC", after: new Date("2036-02-29T08:00:00Z"), now: new Date("2036-02-29T09:00:30Z") });
    expect(due.map((d) => d.toISOString())).toEqual(["2036-02-29T09:00:00.000Z"]);
    // Back after long downtime: the walk starts from the last occurrence before, not minute by minute.
    expect(walkStartBefore("0 9 * 2 5#5", "UTC", new Date("2050-01-01T00:00:00Z")).getTime()).toBeLessThanOrEqual(Date.parse("2036-02-29T09:00:00Z"));
  });

  it("other rare day shapes give their next occurrences", () => {
    // Both days restricted: either (every 29 February and every Monday in February).
    expect(next("0 0 29 2 1", 2)).toEqual(["2027-02-01T00:00:00.000Z", "2027-02-08T00:00:00.000Z"]);
    // Mondays that are 1 or 29 February (*/28: the day of month starts with *, so both).
    expect(next("0 0 */28 2 1", 4)).toEqual(["2027-02-01T00:00:00.000Z", "2038-02-01T00:00:00.000Z", "2044-02-01T00:00:00.000Z", "2044-02-29T00:00:00.000Z"]);
    // The last Friday of February when it is the 29th.
    expect(next("30 12 */28 2 5L", 1)).toEqual(["2036-02-29T12:30:00.000Z"]);
    // Several times a day on a rare day.
    expect(next("0,30 8-9 * 2 1#5", 4)).toEqual(["2044-02-29T08:00:00.000Z", "2044-02-29T08:30:00.000Z", "2044-02-29T09:00:00.000Z", "2044-02-29T09:30:00.000Z"]);
    // The last day of February, every year.
    expect(next("0 0 L 2 *", 2)).toEqual(["2027-02-28T00:00:00.000Z", "2028-02-29T00:00:00.000Z"]);
  });

  it("crons that never fire are refused, not walked", () => {
    expect(checkCron("0 0 31 2 *", "UTC")).toMatch(/never fires/);
    expect(checkCron("0 9 */30 2 5L", "UTC")).toMatch(/never fires/);
    // The fifth Saturday of February is its 29th, never the 1st or 30th (*/29).
    expect(checkCron("0 9 */29 2 6#5", "UTC")).toMatch(/never fires/);
  });
});
