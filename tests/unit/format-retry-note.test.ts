// A step waiting for its next attempt says when in the reader's time, like the times beside it on
// the Runs page, not as the raw UTC instant the worker wrote ("2026-11-24T05:59:50.212Z").
import { describe, expect, it } from "vitest";
import { formatExactTime } from "@/lib/format-exact-time";
import { formatRetryNote } from "@/lib/format-retry-note";

describe("formatRetryNote", () => {
  it("puts the next attempt's moment in local time, as formatExactTime does", () => {
    const now = new Date("2026-11-24T05:59:40.000Z");
    const note = "attempt 1 of 5 failed: HTTP 503 (next attempt at 2026-11-24T05:59:50.212Z)";
    const shown = formatRetryNote(note, now);
    expect(shown).toBe(`attempt 1 of 5 failed: HTTP 503 (next attempt at ${formatExactTime("2026-11-24T05:59:50.212Z", now)})`);
    expect(shown).not.toContain("T05:59:50");
    expect(shown).not.toContain("Z)");
  });

  it("leaves any other text as it is", () => {
    expect(formatRetryNote("HTTP 404 from https://psa.example.com/tickets/")).toBe("HTTP 404 from https://psa.example.com/tickets/");
  });
});
