import { describe, expect, it } from "vitest";
import { formatExactTime } from "@/lib/format-exact-time";

// Local times, so the test reads the same in any time zone the machine has.
const at = (y: number, mo: number, d: number, h: number, mi: number, s: number) => new Date(y, mo, d, h, mi, s);
const now = at(2026, 4, 20, 15, 0, 0); // 20 May 2026, 15:00

describe("formatExactTime", () => {
  it("today: the time to the second, no date", () => {
    const text = formatExactTime(at(2026, 4, 20, 9, 5, 7).toISOString(), now);
    expect(text).toMatch(/^\d{1,2}:05:07/);
    expect(text).not.toMatch(/May|20/);
  });

  it("another day: the day with the time, and the year only when it is not this one", () => {
    const days = formatExactTime(at(2026, 4, 17, 23, 35, 48).toISOString(), now);
    expect(days).toMatch(/May 17/);
    expect(days).toMatch(/\d{1,2}:35:48/);
    expect(days).not.toMatch(/2026/);
    expect(formatExactTime(at(2025, 11, 31, 8, 0, 1).toISOString(), now)).toMatch(/Dec 31, 2025.*\d{1,2}:00:01/);
  });

  it("a text that is no time comes back as it is", () => {
    expect(formatExactTime("soon", now)).toBe("soon");
  });
});
