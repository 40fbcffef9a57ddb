// How many sessions of this test file's database wait on a lock: a test waits for a transaction
// it started to reach a lock wait (polling with a deadline) before it lets the other side go on.
import { db } from "@/lib/db/client";

export async function lockWaits(): Promise<number> {
  const [{ n }] = await db().$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
  return Number(n);
}

/** Resolves once some session waits on a lock; throws after `timeoutMs`. */
export async function untilLockWait(timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await lockWaits()) === 0) {
    if (Date.now() > deadline) throw new Error(`no session waited on a lock within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
