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

  it("a sub-hourly schedule runs what the preview shows through the repeated hour (both passes: its minute field is */20)", () => {
    const preview = iso(nextFireTimes({ cron: "*/20 1 * * *", timezone: "America/New_York", from: t("2027-11-07T04:00:00Z"), count: 7 }));
    expect(preview.slice(3, 6)).toEqual(["2027-11-07T06:00:00.000Z", "2027-11-07T06:20:00.000Z", "2027-11-07T06:40:00.000Z"]);
    expect(runsMinuteByMinute("*/20 1 * * *", "America/New_York", "2027-11-07T04:00:00Z", "2027-11-08T06:10:00Z")).toEqual(preview);
  });
});

// An interval schedule (minute or hour field starting with *: Vixie cron's "wildcard job") runs
// through the repeated fall-back hour as on any other, at both passes; a fixed time runs once
// (above). Before, the repeated hour made no run: 0 * * * * New York had none from 01:00 EDT to
// 02:00 EST (two hours), */15 none for 75 minutes.
const fallBackIntervals = [
  { name: "New York hourly", cron: "0 * * * *", tz: "America/New_York", from: "2027-11-07T03:30:00Z", to: "2027-11-07T08:30:00Z", want: ["04:00", "05:00", "06:00", "07:00", "08:00"] },
  { name: "New York */15", cron: "*/15 * * * *", tz: "America/New_York", from: "2027-11-07T05:30:00Z", to: "2027-11-07T07:10:00Z", want: ["05:45", "06:00", "06:15", "06:30", "06:45", "07:00"] },
  { name: "London 30 * * * *", cron: "30 * * * *", tz: "Europe/London", from: "2027-10-31T00:00:00Z", to: "2027-10-31T03:00:00Z", want: ["00:30", "01:30", "02:30"] },
  { name: "Lord Howe */10 (30-minute fall-back)", cron: "*/10 * * * *", tz: "Australia/Lord_Howe", from: "2027-04-03T14:45:00Z", to: "2027-04-03T15:35:00Z", want: ["14:50", "15:00", "15:10", "15:20", "15:30"] },
];

describe("an interval schedule across the fall-back", () => {
  for (const c of fallBackIntervals) {
    it(`${c.name}: runs at the same interval through the repeated hour, as Vixie cron does`, () => {
      const want = c.want.map((hm) => `${c.from.slice(0, 10)}T${hm}:00.000Z`);
      expect(iso(nextFireTimes({ cron: c.cron, timezone: c.tz, from: t(c.from), count: want.length }))).toEqual(want);
      expect(runsMinuteByMinute(c.cron, c.tz, c.from, c.to)).toEqual(want);
    });
  }

  it("a walk starting in the first pass of the repeated hour finds the second pass", () => {
    expect(iso(nextFireTimes({ cron: "*/15 * * * *", timezone: "America/New_York", from: t("2027-11-07T05:50:00Z"), count: 2 }))).toEqual(["2027-11-07T06:00:00.000Z", "2027-11-07T06:15:00.000Z"]);
  });

  it("a fixed time in the repeated hour still runs once, whatever the walk starts from", () => {
    for (const from of ["2027-11-07T05:00:00Z", "2027-11-07T05:31:00Z", "2027-11-07T06:00:00Z"]) {
      expect(iso(nextFireTimes({ cron: "30 1 * * *", timezone: "America/New_York", from: t(from), count: 1 }))).toEqual(from < "2027-11-07T05:30" ? ["2027-11-07T05:30:00.000Z"] : ["2027-11-08T06:30:00.000Z"]);
    }
  });
});

// Zones whose shift is 30 minutes or off the hour: cron-parser's own zone walk dropped real
// times there (no Lord Howe run on 3 October 2027, 02:30-02:50 LHDT skipped by */10).
const offHour = [
  { name: "Lord Howe spring forward (30 min), 02:00 runs just after the jump (02:30 LHDT)", cron: "0 2 * * *", tz: "Australia/Lord_Howe", from: "2027-10-01T12:00:00Z", to: "2027-10-03T18:00:00Z", want: ["2027-10-01T15:30:00.000Z", "2027-10-02T15:30:00.000Z", "2027-10-03T15:00:00.000Z"] },
  { name: "Lord Howe */10: 01:50 then 02:30, 02:40, 02:50 LHDT", cron: "*/10 * * * *", tz: "Australia/Lord_Howe", from: "2027-10-02T15:15:00Z", to: "2027-10-02T16:05:00Z", want: ["2027-10-02T15:20:00.000Z", "2027-10-02T15:30:00.000Z", "2027-10-02T15:40:00.000Z", "2027-10-02T15:50:00.000Z", "2027-10-02T16:00:00.000Z"] },
  { name: "Lord Howe 40 * * * *: 01:40 then 02:40 LHDT", cron: "40 * * * *", tz: "Australia/Lord_Howe", from: "2027-10-02T14:15:00Z", to: "2027-10-02T16:45:00Z", want: ["2027-10-02T15:10:00.000Z", "2027-10-02T15:40:00.000Z", "2027-10-02T16:40:00.000Z"] },
  { name: "Chatham spring forward (02:45 → 03:45), 02:50 runs at 03:50 CHADT", cron: "50 2 * * *", tz: "Pacific/Chatham", from: "2027-09-24T12:00:00Z", to: "2027-09-26T14:00:00Z", want: ["2027-09-24T14:05:00.000Z", "2027-09-25T14:05:00.000Z", "2027-09-26T13:05:00.000Z"] },
];

describe("zones whose DST shift is not a whole hour", () => {
  for (const c of offHour) {
    it(`${c.name}: every wall time that exists runs, the skipped one once after the jump`, () => {
      expect(iso(nextFireTimes({ cron: c.cron, timezone: c.tz, from: t(c.from), count: c.want.length }))).toEqual(c.want);
      expect(runsMinuteByMinute(c.cron, c.tz, c.from, c.to)).toEqual(c.want);
    });
  }

  it("a walk starting inside the jump's reach still finds the times after it", () => {
    expect(iso(nextFireTimes({ cron: "*/10 * * * *", timezone: "Australia/Lord_Howe", from: t("2027-10-02T15:35:00Z"), count: 2 }))).toEqual(["2027-10-02T15:40:00.000Z", "2027-10-02T15:50:00.000Z"]);
  });

  it("stays cheap: a worker walks every schedule every minute", () => {
    const start = performance.now();
    for (let i = 0; i < 500; i++) nextFireTimes({ cron: "*/5 * * * *", timezone: "Australia/Lord_Howe", from: new Date(t("2027-10-02T12:00:00Z").getTime() + i * 60_000), count: 2 });
    expect((performance.now() - start) / 500).toBeLessThan(5);
  });
});

describe("catch-up after the workers were away", () => {
  it("runs the latest occurrence due, and an earlier one only when at most 90 s old", () => {
    const due = dueOccurrences({ cron: "0 * * * *", timezone: "UTC", after: t("2026-12-01T00:00:00Z"), now: t("2026-12-01T03:00:10Z") });
    expect(iso(due)).toEqual(["2026-12-01T03:00:00.000Z"]);
    const missed = dueOccurrences({ cron: "0 * * * *", timezone: "UTC", after: t("2026-12-01T00:00:00Z"), now: t("2026-12-01T02:59:10Z") });
    expect(iso(missed)).toEqual(["2026-12-01T02:00:00.000Z"]);
  });

  it("every-minute workers stopped at 18:36:38: whatever second they return, one run of the missed minutes, plus a minute whose check ran late", () => {
    const after = t("2026-12-01T18:36:00Z");
    for (const back of ["18:39:15", "18:39:50", "18:39:02"]) {
      const due = iso(dueOccurrences({ cron: "* * * * *", timezone: "UTC", after, now: t(`2026-12-01T${back}Z`) }));
      expect(due.at(-1)).toBe("2026-12-01T18:39:00.000Z");
      expect(due).not.toContain("2026-12-01T18:37:00.000Z");
      expect(due.length).toBeLessThanOrEqual(2);
    }
  });

  it("a month away with an every-minute cron is bounded, and still catches up once", () => {
    const due = dueOccurrences({ cron: "* * * * *", timezone: "UTC", after: t("2026-11-01T00:00:00Z"), now: t("2026-12-01T03:00:30Z") });
    expect(iso(due)).toEqual(["2026-12-01T02:59:00.000Z", "2026-12-01T03:00:00.000Z"]);
    const monthly = dueOccurrences({ cron: "0 2 1 * *", timezone: "UTC", after: t("2026-10-20T00:00:00Z"), now: t("2026-11-20T00:00:00Z") });
    expect(iso(monthly)).toEqual(["2026-11-01T02:00:00.000Z"]);
  });

  // Away more than two days, the walk starts near the last occurrence before then. It was found
  // with cron-parser's zone walk, which threw past Lord Howe's and Chatham's jump (the schedule
  // then made no run at any later check, the error swallowed) and gave another instant than the
  // walk's across DST (the catch-up run lost).
  const awayAcrossDst = [
    { name: "Lord Howe, yearly on the spring-forward day", cron: "0 2 3 10 *", tz: "Australia/Lord_Howe", now: "2027-10-10T00:00:00Z", want: "2027-10-02T15:30:00.000Z" },
    { name: "Chatham, yearly on the spring-forward day", cron: "50 2 26 9 *", tz: "Pacific/Chatham", now: "2027-09-30T00:00:00Z", want: "2027-09-25T14:05:00.000Z" },
    { name: "New York, yearly 02:30 on the spring-forward day", cron: "30 2 14 3 *", tz: "America/New_York", now: "2027-03-20T00:00:00Z", want: "2027-03-14T07:30:00.000Z" },
    { name: "New York, yearly 01:30 on the fall-back day", cron: "30 1 7 11 *", tz: "America/New_York", now: "2027-11-10T00:00:00Z", want: "2027-11-07T05:30:00.000Z" },
    { name: "London, yearly 01:30 on the spring-forward day", cron: "30 1 28 3 *", tz: "Europe/London", now: "2027-04-02T00:00:00Z", want: "2027-03-28T01:30:00.000Z" },
  ];
  for (const c of awayAcrossDst) {
    it(`away across a DST change, the latest missed occurrence still runs: ${c.name}`, () => {
      expect(iso(nextFireTimes({ cron: c.cron, timezone: c.tz, from: t("2027-01-01T00:00:00Z"), count: 1 }))).toEqual([c.want]);
      expect(iso(dueOccurrences({ cron: c.cron, timezone: c.tz, after: t("2027-01-01T00:00:00Z"), now: t(c.now) }))).toEqual([c.want]);
    });
  }

  it("away across the fall-back, an hourly schedule's latest missed hour runs, from whichever pass the walk starts", () => {
    // Two days back is 01:10 EST (06:10Z), inside the repeated hour.
    expect(iso(dueOccurrences({ cron: "0 * * * *", timezone: "America/New_York", after: t("2027-11-01T00:00:00Z"), now: t("2027-11-09T06:10:00Z") }))).toEqual(["2027-11-09T06:00:00.000Z"]);
    expect(iso(dueOccurrences({ cron: "30 1 * * *", timezone: "America/New_York", after: t("2027-11-01T00:00:00Z"), now: t("2027-11-09T06:10:00Z") }))).toEqual(["2027-11-08T06:30:00.000Z"]);
  });

  it("nothing before the schedule took effect: made Live at hh:mm:54, the first run is the next minute's", () => {
    expect(iso(dueOccurrences({ cron: "* * * * *", timezone: "UTC", after: t("2026-12-01T10:41:54Z"), now: t("2026-12-01T10:42:01Z") }))).toEqual(["2026-12-01T10:42:00.000Z"]);
    expect(dueOccurrences({ cron: "0 2 1 * *", timezone: "UTC", after: t("2026-12-01T02:00:03Z"), now: t("2026-12-01T02:00:04Z") })).toEqual([]);
  });
});
