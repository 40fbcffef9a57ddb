import { describe, expect, it } from "vitest";
import { isTransientSaveFailure, MAX_RETRY_MS, retryDelayMs } from "@/lib/editor/save-retry";

describe("autosave retry", () => {
  it("retries a save that got no answer or a passing server trouble, never a refusal", () => {
    for (const status of [null, 500, 502, 503, 504, 408, 429]) expect(isTransientSaveFailure(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 413, 422]) expect(isTransientSaveFailure(status)).toBe(false);
  });

  it("waits longer after each failure in a row, up to a minute", () => {
    expect([0, 1, 2, 3].map(retryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(retryDelayMs(10)).toBe(MAX_RETRY_MS);
    expect(retryDelayMs(50)).toBe(MAX_RETRY_MS);
  });
});
