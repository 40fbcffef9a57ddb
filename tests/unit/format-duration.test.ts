// Run and step durations read as people say them, not as seconds with a decimal: a 2-minute
// Wait read "120.0 s" and a day-long one "86400.0 s" on the Runs page and in Executions.
import { describe, expect, it } from "vitest";
import { durationBetween, formatDuration } from "@/lib/format-duration";

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;

describe("formatDuration", () => {
  it("milliseconds, then seconds with tenths below 10 s, then whole seconds", () => {
    expect(formatDuration(0)).toBe("0 ms");
    expect(formatDuration(250)).toBe("250 ms");
    expect(formatDuration(999)).toBe("999 ms");
    expect(formatDuration(1000)).toBe("1 s");
    expect(formatDuration(1500)).toBe("1.5 s");
    expect(formatDuration(9999)).toBe("9.9 s");
    expect(formatDuration(33_100)).toBe("33 s");
    expect(formatDuration(59_999)).toBe("59 s");
  });

  it("minutes, hours and days in two units at most, the second left out when it is 0", () => {
    expect(formatDuration(2 * MIN)).toBe("2 min");
    expect(formatDuration(2 * MIN + 3 * S + 400)).toBe("2 min 3 s");
    expect(formatDuration(H - 1)).toBe("59 min 59 s");
    expect(formatDuration(H + 5 * MIN + 59 * S)).toBe("1 h 5 min");
    expect(formatDuration(3 * H)).toBe("3 h");
    expect(formatDuration(D)).toBe("1 d");
    expect(formatDuration(D + 2 * H + 30 * MIN)).toBe("1 d 2 h");
    expect(formatDuration(366 * D)).toBe("366 d");
  });

  it("a negative span (two clocks a little apart) or no number is nothing", () => {
    expect(formatDuration(-3)).toBe("0 ms");
    expect(formatDuration(Number.NaN)).toBe("0 ms");
  });

  it("between two instants; null without both", () => {
    expect(durationBetween("2026-01-05T10:00:00.000Z", "2026-01-05T10:02:03.000Z")).toBe("2 min 3 s");
    expect(durationBetween("2026-01-05T10:00:00.000Z", null)).toBeNull();
    expect(durationBetween(null, "2026-01-05T10:00:00.000Z")).toBeNull();
    expect(durationBetween("soon", "2026-01-05T10:00:00.000Z")).toBeNull();
  });
});
