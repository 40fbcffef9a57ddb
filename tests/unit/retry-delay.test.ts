// The engine's wait before a retryable step's next attempt: the documented backoff (2 s, 4 s,
// 8 s …, ±20 %) is a floor that a Retry-After can lengthen (to an hour at most), never shorten.
import { describe, expect, it } from "vitest";
import { retryDelayMs } from "@/lib/runs/execute-run";
import { StepError } from "@/lib/steps/executors/types";

const busy = (retryAfterMs?: number) => new StepError("HTTP 503", { retryable: true, retryAfterMs });

describe("retryDelayMs", () => {
  it.each([[undefined], [0]])("Retry-After %s waits the backoff of each attempt", (retryAfterMs) => {
    for (const [attempt, base] of [[1, 2_000], [2, 4_000], [3, 8_000], [4, 16_000]]) {
      const ms = retryDelayMs(attempt, busy(retryAfterMs));
      expect(ms).toBeGreaterThanOrEqual(base * 0.8);
      expect(ms).toBeLessThanOrEqual(base * 1.2);
    }
  });

  it("a Retry-After longer than the backoff is waited as asked, up to an hour", () => {
    expect(retryDelayMs(1, busy(30_000))).toBe(30_000);
    expect(retryDelayMs(1, busy(86_400_000))).toBe(3_600_000);
  });

  it("a Retry-After shorter than the backoff waits the backoff", () => {
    expect(retryDelayMs(3, busy(1_000))).toBeGreaterThanOrEqual(6_400);
  });
});
