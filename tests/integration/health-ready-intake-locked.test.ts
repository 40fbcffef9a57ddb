// Readiness says whether a delivery could be recorded now, not only whether the database answers:
// with a table the intake writes held in ACCESS EXCLUSIVE mode by another session (a LOCK TABLE,
// an ALTER TABLE, a VACUUM FULL), every delivery waits for its batch and is turned away after 5 s,
// so the load balancer must stop sending — GET /api/health/ready answers 503 with the reason,
// within its few seconds, and 200 again once the lock is gone.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { databaseUrl } from "@/lib/env";
import { startTestServer } from "../helpers/api-server";
import { eventually } from "../helpers/services";

const { web } = startTestServer({ tenancy: "none", worker: true });

async function readiness() {
  const r = await fetch(`${web.baseUrl}/api/health/ready`, { signal: AbortSignal.timeout(20_000) });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

describe("readiness while the intake's tables are locked", () => {
  for (const table of ['"Run"', '"Delivery"', "pgboss.job"]) {
    it(`answers 503 with the reason while ${table} is locked by another session, and 200 once it is free`, async () => {
      await eventually(async () => (await readiness()).status === 200, 30_000, "ready before the lock");

      const other = new pg.Client({ connectionString: databaseUrl(), application_name: "readiness-test-lock" });
      await other.connect();
      try {
        await other.query("BEGIN");
        await other.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
        const locked = await readiness();
        expect(locked.status).toBe(503);
        expect(locked.body).toMatchObject({ ready: false, db: "up", worker: { alive: true } });
        const shown = table === "pgboss.job" ? "pgboss.job_common" : table;
        expect(locked.body.reason).toBe(`deliveries cannot be recorded: the table ${shown} is locked by another session (not granted within 1 s)`);
        // /api/health keeps its shape and its meaning (the database answers).
        const health = await fetch(`${web.baseUrl}/api/health`);
        expect(health.status).toBe(200);
        expect(Object.keys((await health.json()) as object).sort()).toEqual(["db", "ok", "worker"]);
      } finally {
        await other.query("ROLLBACK").catch(() => {});
        await other.end();
      }
      const free = await eventually(async () => {
        const r = await readiness();
        return r.status === 200 ? r : null;
      }, 30_000, "ready again after the lock");
      expect(free.body).toMatchObject({ ready: true, db: "up" });
      expect(free.body).not.toHaveProperty("reason");
    }, 120_000);
  }
});
