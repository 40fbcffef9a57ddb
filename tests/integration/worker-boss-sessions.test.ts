// The worker's pg-boss sessions have bitmap scans off (lib/jobs/boss.ts: so that pg-boss's fetch
// walks its waiting-jobs index in order even when the statistics are stale) — every session its
// pool opens, and only the worker's.
import { afterAll, describe, expect, it } from "vitest";
import type { PgBoss } from "pg-boss";
import { createBoss } from "@/lib/jobs/boss";

describe("pg-boss sessions", () => {
  const bosses: PgBoss[] = [];
  afterAll(async () => {
    for (const b of bosses) await b.stop({ graceful: false });
  });
  const started = async (role: "worker" | "producer") => {
    const boss = createBoss(role);
    bosses.push(boss);
    await boss.start();
    return boss;
  };
  // Concurrent statements, each holding its session for a moment, so the pool opens several.
  const settings = (boss: PgBoss) =>
    Promise.all(
      Array.from({ length: 3 }, async () => {
        const { rows } = await boss.getDb().executeSql(`SELECT current_setting('enable_bitmapscan') AS v, pg_backend_pid() AS pid, pg_sleep(0.1)`);
        return rows[0] as { v: string; pid: number };
      }),
    );

  it("of the worker plan without bitmap scans, in every session", async () => {
    const rows = await settings(await started("worker"));
    expect(new Set(rows.map((r) => r.pid)).size).toBe(3);
    expect(rows.map((r) => r.v)).toEqual(["off", "off", "off"]);
  });

  it("of a producer (the web process) keep PostgreSQL's default", async () => {
    const rows = await settings(await started("producer"));
    expect(rows.map((r) => r.v)).toEqual(["on", "on", "on"]);
  });
});
