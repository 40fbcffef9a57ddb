// A cron with both day fields set fires on days matching either; the Scheduler says so, and only then.
import { describe, expect, it } from "vitest";
import { checkCron } from "@/lib/triggers/check-cron";
import { dueOccurrences } from "@/lib/triggers/due-occurrences";
import { nextFireTimes } from "@/lib/triggers/next-fire-times";
import { noteEitherDay } from "@/lib/triggers/note-either-day";

describe("noteEitherDay", () => {
  it("names both fields when both are set, and the times it fires are indeed either", () => {
    expect(noteEitherDay("0 9 13 * 5")).toBe('Both the day of month ("13") and the day of week ("5") are set, so this fires on every day that matches either one, not only on days that match both.');
    // Fridays and the 13th (a Sunday in December 2026), not only a Friday the 13th.
    const times = nextFireTimes({ cron: "0 9 13 * 5", timezone: "UTC", from: new Date("2026-12-01T00:00:00Z"), count: 3 }).map((d) => d.toISOString().slice(0, 10));
    expect(times).toEqual(["2026-12-04", "2026-12-11", "2026-12-13"]);
  });

  it("says nothing when either day field is a wildcard (* or ?, or every value listed) or for a macro", () => {
    for (const cron of ["0 9 13 * *", "0 9 * * 5", "0 9 ? * 1-5", "0 9 1 * ?", "0 9 * * 0-6", "@weekly", "@monthly"]) expect(noteEitherDay(cron), cron).toBeNull();
  });

  it("reads a day field starting with * as unrestricted, as crontab(5) does: */2 with Monday is odd-day Mondays, and says so", () => {
    expect(noteEitherDay("0 9 */2 * 1")).toBe('The day of month ("*/2") starts with *, so, as in cron, this fires only on days that match both the day of month ("*/2") and the day of week ("1").');
    const from = new Date("2026-12-01T00:00:00Z");
    const days = (cron: string, count: number) => nextFireTimes({ cron, timezone: "UTC", from, count }).map((d) => d.toISOString().slice(0, 10));
    // Mondays on an odd day of the month only (not 14 or 28 December, nor 4 January).
    expect(days("0 9 */2 * 1", 4)).toEqual(["2026-12-07", "2026-12-21", "2027-01-11", "2027-01-25"]);
    // The day of week starting with *: the 1st to the 7th that are Sundays (*/7 is 0 and 7) — the first Sunday.
    expect(noteEitherDay("0 0 1-7 * */7")).toMatch(/^The day of week \("\*\/7"\) starts with \*/);
    expect(days("0 0 1-7 * */7", 3)).toEqual(["2026-12-06", "2027-01-03", "2027-02-07"]);
    // Both fields restricted without a star stay either.
    expect(days("0 9 1-7 * 1", 3)).toEqual(["2026-12-01", "2026-12-02", "2026-12-03"]);
  });

  it("runs the worker's catch-up by the same days: the occurrences due after a pause are odd-day Mondays only", () => {
    // Last run Monday 11 January 2027 (09:00 Berlin); Monday the 18th is an even day: no run due.
    const after = new Date("2027-01-11T08:00:00Z");
    expect(dueOccurrences({ cron: "0 9 */2 * 1", timezone: "Europe/Berlin", after, now: new Date("2027-01-18T08:00:30Z") })).toEqual([]);
    expect(dueOccurrences({ cron: "0 9 */2 * 1", timezone: "Europe/Berlin", after, now: new Date("2027-01-25T08:00:30Z") }).map((d) => d.toISOString())).toEqual(["2027-01-25T08:00:00.000Z"]);
    // Back after a month away: the latest missed occurrence is the odd-day Monday, found walking back.
    expect(dueOccurrences({ cron: "0 9 */2 * 1", timezone: "Europe/Berlin", after, now: new Date("2027-02-23T12:00:00Z") }).map((d) => d.toISOString())).toEqual(["2027-02-15T08:00:00.000Z"]);
  });

  it("refuses day fields that never meet rather than walking forever", () => {
    expect(checkCron("0 9 */30 2 5L", "UTC")).toBe('"0 9 */30 2 5L" never fires: the day of month ("*/30") and the day of week ("5L") never fall on the same day');
    expect(checkCron("0 9 */2 * 1", "UTC")).toBeNull();
    expect(() => nextFireTimes({ cron: "0 9 */30 2 5L", timezone: "UTC", from: new Date("2026-12-01T00:00:00Z"), count: 1 })).toThrow(/never fall on the same day/);
  });
});
