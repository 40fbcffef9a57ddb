// Slows repeated failed sign-ins down, shared by every web process through the AuthThrottle
// table. An attempt is counted *before* the password is checked, under a row lock, so a burst
// of parallel guesses cannot slip past the limit; a success then takes its count back.
import { db } from "@/lib/db/client";
import { throttleState } from "@/lib/auth/throttle-policy";

export type ThrottleKey = { key: string; free: number };
export type Reservation = { ok: true } | { ok: false; retryAfterSeconds: number };

// lastFailureAt is a timestamp without time zone written in UTC; compare in UTC on the
// database's clock so web replicas with drifting clocks agree.
const NOW_UTC = `(now() AT TIME ZONE 'UTC')`;

/** Counts an attempt for every key, or refuses it when any key is still locked. */
export async function reserveSignInAttempt(keys: ThrottleKey[]): Promise<Reservation> {
  // Sorted, so two transactions lock the same rows in the same order and cannot deadlock.
  const sorted = [...keys].sort((a, b) => a.key.localeCompare(b.key));
  const names = sorted.map((k) => k.key);
  return db().$transaction(async (tx) => {
    await tx.$executeRawUnsafe(
      `INSERT INTO "AuthThrottle" ("key", "failures", "lastFailureAt")
       SELECT k, 0, ${NOW_UTC} FROM unnest($1::text[]) AS k ORDER BY k
       ON CONFLICT ("key") DO NOTHING`,
      names,
    );
    const rows = await tx.$queryRawUnsafe<{ key: string; failures: number; ageSeconds: number }[]>(
      `SELECT "key", "failures", extract(epoch FROM ${NOW_UTC} - "lastFailureAt")::float8 AS "ageSeconds"
       FROM "AuthThrottle" WHERE "key" = ANY($1::text[]) ORDER BY "key" FOR UPDATE`,
      names,
    );
    const states = sorted.map((k) => {
      const row = rows.find((r) => r.key === k.key) ?? { failures: 0, ageSeconds: 0 };
      return { key: k.key, ...throttleState(row, k.free) };
    });
    const retryAfterSeconds = Math.max(0, ...states.map((s) => s.retryAfterSeconds));
    if (retryAfterSeconds > 0) return { ok: false, retryAfterSeconds };
    for (const s of states) {
      await tx.$executeRawUnsafe(
        `UPDATE "AuthThrottle" SET "failures" = $2, "lastFailureAt" = ${NOW_UTC} WHERE "key" = $1`,
        s.key,
        s.failures + 1,
      );
    }
    return { ok: true };
  });
}

/**
 * After a reserved attempt: a success clears the e-mail's count and takes back the address's
 * count for this attempt only, so a valid sign-in cannot be interleaved to hide guesses against
 * other accounts from the same address.
 */
export async function settleSignInAttempt(opts: { succeeded: boolean; emailKey: string; addressKey?: string }): Promise<void> {
  if (!opts.succeeded) return;
  await db().authThrottle.deleteMany({ where: { key: opts.emailKey } });
  if (opts.addressKey) {
    await db().$executeRawUnsafe(
      `UPDATE "AuthThrottle" SET "failures" = GREATEST("failures" - 1, 0) WHERE "key" = $1`,
      opts.addressKey,
    );
  }
}
