// Across DST changes the runs a schedule makes are exactly the editor preview's occurrences: a
// daily time runs once per local day. pg-boss's own schedule fired a fall-back 01:30 twice
// (05:30Z and 06:30Z, New York) and a spring-forward 02:30 not at all, while the preview showed
// one occurrence each. Fixed clocks, no waiting.
import { describe, expect, it } from "vitest";
import { dueOccurrences } from "@/lib/triggers/due-occurrences";
import { nextFireTimes } from "@/lib/triggers/next-fire-times";

const iso = (ds: Date[]) => ds.map((d) => d.toISOString());
const t = (s: string) => new Date(s);

/** Every run a per-minute check makes from `start` to `end`, chaining scheduledThrough as the worker does. */
function runsMinuteByMinute(cron: string, timezone: string, start: string, end: string): string[] {
  let through = t(start);
  const made: Date[] = [];
  for (let now = through.getTime() + 2_000; now <= t(end).getTime(); now += 60_000) {
    const due = dueOccurrences({ cron, timezone, after: through, now: new Date(now) });
    made.push(...due);
    if (due.length > 0) through = due[due.length - 1];
  }
  return iso(made);
}

const cases = [
  { name: "New York fall back, 01:30", cron: "30 1 * * *", tz: "America/New_York", from: "2027-11-06T12:00:00Z", to: "2027-11-08T12:00:00Z", want: ["2027-11-07T05:30:00.000Z", "2027-11-08T06:30:00.000Z"] },
  { name: "Berlin fall back, 02:00", cron: "0 2 * * *", tz: "Europe/Berlin", from: "2027-10-30T12:00:00Z", to: "2027-11-01T12:00:00Z", want: ["2027-10-31T00:00:00.000Z", "2027-11-01T01:00:00.000Z"] },
  { name: "New York spring forward, 02:30", cron: "30 2 * * *", tz: "America/New_York", from: "2027-03-13T12:00:00Z", to: "2027-03-15T12:00:00Z", want: ["2027-03-14T07:30:00.000Z", "2027-03-15T06:30:00.000Z"] },
  { name: "Berlin spring forward, 02:00", cron: "0 2 * * *", tz: "Europe/Berlin", from: "2027-03-27T12:00:00Z", to: "2027-03-29T12:00:00Z", want: ["2027-03-28T01:00:00.000Z", "2027-03-29T00:00:00.000Z"] },
];

describe("a daily schedule across a DST change", () => {
  for (const c of cases) {
    it(`${c.name}: the runs are the preview's occurrences, one per local day`, () => {
      expect(iso(nextFireTimes({ cron: c.cron, timezone: c.tz, from: t(c.from), count: 2 }))).toEqual(c.want);
      expect(runsMinuteByMinute(c.cron, c.tz, c.from, c.to)).toEqual(c.want);
    });
  }

  it("an instant pg-boss fired that is not a preview occurrence (the second 01:30) makes no run", () => {
    const due = dueOccurrences({ cron: "30 1 * * *", timezone: "America/New_York", after: t("2027-11-07T05:30:00Z"), now: t("2027-11-07T06:30:04Z") });
    expect(due).toEqual([]);
  });

  it("a sub-hourly schedule runs what the preview shows through the repeated hour", () => {
    const preview = iso(nextFireTimes({ cron: "*/20 1 * * *", timezone: "America/New_York", from: t("2027-11-07T04:00:00Z"), count: 4 }));
    expect(runsMinuteByMinute("*/20 1 * * *", "America/New_York", "2027-11-07T04:00:00Z", "2027-11-08T06:10:00Z")).toEqual(preview);
  });
});

describe("catch-up after the workers were away", () => {
  it("runs the occurrences of the last minute and a half, and of the older ones only the most recent", () => {
    const due = dueOccurrences({ cron: "0 * * * *", timezone: "UTC", after: t("2026-12-01T00:00:00Z"), now: t("2026-12-01T03:00:10Z") });
    expect(iso(due)).toEqual(["2026-12-01T02:00:00.000Z", "2026-12-01T03:00:00.000Z"]);
  });

  it("a month away with an every-minute cron is bounded, and still catches up once", () => {
    const due = dueOccurrences({ cron: "* * * * *", timezone: "UTC", after: t("2026-11-01T00:00:00Z"), now: t("2026-12-01T03:00:30Z") });
    expect(iso(due)).toEqual(["2026-12-01T02:59:00.000Z", "2026-12-01T03:00:00.000Z"]);
    const monthly = dueOccurrences({ cron: "0 2 1 * *", timezone: "UTC", after: t("2026-10-20T00:00:00Z"), now: t("2026-11-20T00:00:00Z") });
    expect(iso(monthly)).toEqual(["2026-11-01T02:00:00.000Z"]);
  });

  it("nothing before the schedule took effect: made Live at hh:mm:54, the first run is the next minute's", () => {
    expect(iso(dueOccurrences({ cron: "* * * * *", timezone: "UTC", after: t("2026-12-01T10:41:54Z"), now: t("2026-12-01T10:42:01Z") }))).toEqual(["2026-12-01T10:42:00.000Z"]);
    expect(dueOccurrences({ cron: "0 2 1 * *", timezone: "UTC", after: t("2026-12-01T02:00:03Z"), now: t("2026-12-01T02:00:04Z") })).toEqual([]);
  });
});
