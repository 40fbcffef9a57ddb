// How long failed sign-ins lock a key (an e-mail or a client address). Pure, so the policy is
// unit-tested apart from the table that stores the counts (lib/auth/sign-in-throttle.ts).

/** Failures are forgotten after this long without a new one. */
export const FORGET_AFTER_SECONDS = 60 * 60;
/** The lock never grows beyond this, so someone failing on purpose cannot lock a user out for long. */
export const MAX_LOCK_SECONDS = 5 * 60;

/** Per key kind: how many failures are free before each further attempt has to wait. */
export const FREE_FAILURES = { email: 3, address: 20 } as const;

export type ThrottleRow = { failures: number; ageSeconds: number };

/** Seconds an attempt must wait after `failures` recorded failures: 0, then 1, 2, 4, … capped. */
export function lockSeconds(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(2 ** (failures - free), MAX_LOCK_SECONDS);
}

/** Failures that still count (old ones are forgotten) and how long the next attempt must wait. */
export function throttleState(row: ThrottleRow, free: number): { failures: number; retryAfterSeconds: number } {
  const failures = row.ageSeconds >= FORGET_AFTER_SECONDS ? 0 : row.failures;
  const lock = lockSeconds(failures, free);
  // The column keeps milliseconds, rounded: a row written this instant can look a fraction of a
  // millisecond in the future, which must not count as a wait.
  const wait = lock - Math.max(0, row.ageSeconds);
  return { failures, retryAfterSeconds: lock > 0 && wait > 0 ? Math.ceil(wait) : 0 };
}
