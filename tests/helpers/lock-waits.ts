// How many sessions of this test file's database wait on a lock: a test waits for a transaction
// it started to reach a lock wait (polling with a deadline) before it lets the other side go on.
import { db, type Tx } from "@/lib/db/client";

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

/** Locks `table`'s row `id` FOR UPDATE in a transaction that stays open until `release(then)`,
 *  which runs `then` in it and commits; `done` settles with that transaction. Resolves once held.
 *  (SecretKeyCheck's one row, id 1, is what a key rotation locks first.) */
export async function holdRow(table: "Workflow" | "Workspace" | "SecretKeyCheck", id: string | number): Promise<{ release: (then?: (tx: Tx) => Promise<unknown>) => void; done: Promise<void> }> {
  let release!: (then?: (tx: Tx) => Promise<unknown>) => void;
  const released = new Promise<((tx: Tx) => Promise<unknown>) | undefined>((r) => (release = r));
  let locked!: () => void;
  const holding = new Promise<void>((r) => (locked = r));
  const done = db().$transaction(
    async (tx) => {
      await tx.$queryRawUnsafe(`SELECT 1 FROM "${table}" WHERE id = $1 FOR UPDATE`, id);
      locked();
      await (await released)?.(tx);
    },
    { timeout: 60_000 },
  );
  await Promise.race([holding, done]);
  return { release, done };
}

/** Holds `table`'s row `id` in a transaction, starts `write`, and once the write waits on a lock
 *  deletes the row and commits: the race of a write with its parent's (or target's) deletion, hit
 *  each time rather than by chance. The write's answer. */
export async function deleteDuring<T>(table: "Workflow" | "Workspace", id: string, write: () => Promise<T>): Promise<T> {
  const held = await holdRow(table, id);
  const answer = write();
  await untilLockWait();
  held.release((tx) => tx.$executeRawUnsafe(`DELETE FROM "${table}" WHERE id = $1`, id));
  await held.done;
  return answer;
}
