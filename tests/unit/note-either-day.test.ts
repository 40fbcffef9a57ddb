// A cron with both day fields set fires on days matching either; the Scheduler says so, and only then.
import { describe, expect, it } from "vitest";
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
});
