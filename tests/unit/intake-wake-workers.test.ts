// The intake's wake-up after a commit (lib/intake/wake-workers.ts): at most one NOTIFY in flight,
// and a commit while one is being sent is never left without a wake-up after it.
import { describe, expect, it } from "vitest";
import type pg from "pg";
import { createWorkerWaker } from "@/lib/intake/wake-workers";

/** A pool whose queries stay pending until the test settles them, in order. */
function heldPool() {
  const pending: { sql: string; settle: (ok: boolean) => void }[] = [];
  const pool = {
    query: (sql: string) =>
      new Promise((resolve, reject) => pending.push({ sql, settle: (ok) => (ok ? resolve({ rows: [] }) : reject(new Error("connection lost"))) })),
  } as unknown as pg.Pool;
  const settleNext = async (ok = true) => {
    pending.shift()!.settle(ok);
    await new Promise((r) => setImmediate(r)); // let .finally() run
  };
  return { pool, pending, settleNext };
}

describe("worker wake-up", () => {
  it("sends pg-boss's NOTIFY for run-execute without waiting for the WAL flush", () => {
    const { pool, pending } = heldPool();
    createWorkerWaker(pool, () => {})();
    expect(pending).toHaveLength(1);
    expect(pending[0].sql).toMatch(/^SET LOCAL synchronous_commit = off; SELECT pg_notify\(.*'run-execute'\)$/);
  });

  it("coalesces wake-ups asked for while one is in flight into one more, sent after it", async () => {
    const { pool, pending, settleNext } = heldPool();
    const wake = createWorkerWaker(pool, () => {});
    wake();
    wake();
    wake();
    expect(pending).toHaveLength(1);
    await settleNext();
    expect(pending).toHaveLength(1); // the one more
    await settleNext();
    expect(pending).toHaveLength(0);
    wake();
    expect(pending).toHaveLength(1); // idle again: sent at once
  });

  it("reports a failed wake-up and still sends the one asked for meanwhile", async () => {
    const { pool, pending, settleNext } = heldPool();
    const errors: unknown[] = [];
    const wake = createWorkerWaker(pool, (e) => errors.push(e));
    wake();
    wake();
    await settleNext(false);
    expect(errors).toHaveLength(1);
    expect(pending).toHaveLength(1);
    await settleNext();
    expect(pending).toHaveLength(0);
  });
});
