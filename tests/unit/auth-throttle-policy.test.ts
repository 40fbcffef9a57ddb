import { describe, expect, it } from "vitest";
import { FORGET_AFTER_SECONDS, MAX_LOCK_SECONDS, lockSeconds, throttleState } from "@/lib/auth/throttle-policy";

describe("sign-in throttle policy", () => {
  it("lets the free failures through, then doubles the wait up to a cap", () => {
    expect([0, 1, 2].map((f) => lockSeconds(f, 3))).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6].map((f) => lockSeconds(f, 3))).toEqual([1, 2, 4, 8]);
    expect(lockSeconds(40, 3)).toBe(MAX_LOCK_SECONDS);
  });

  it("asks for the rest of the lock, rounded up to whole seconds", () => {
    expect(throttleState({ failures: 4, ageSeconds: 0.3 }, 3)).toEqual({ failures: 4, retryAfterSeconds: 2 });
    expect(throttleState({ failures: 4, ageSeconds: 2.01 }, 3)).toEqual({ failures: 4, retryAfterSeconds: 0 });
  });

  it("forgets failures after a quiet hour", () => {
    expect(throttleState({ failures: 30, ageSeconds: FORGET_AFTER_SECONDS }, 3)).toEqual({ failures: 0, retryAfterSeconds: 0 });
  });

  it("does not lock a fresh row whose rounded timestamp lies a hair in the future", () => {
    expect(throttleState({ failures: 0, ageSeconds: -0.0004 }, 3).retryAfterSeconds).toBe(0);
    expect(throttleState({ failures: 3, ageSeconds: -0.0004 }, 3).retryAfterSeconds).toBe(1);
  });
});
