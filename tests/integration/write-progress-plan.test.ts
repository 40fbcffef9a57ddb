// The group commit's statement keeps one plan per session, made with the table sizes of that
// moment (lib/runs/write-progress.ts). Made while "Run" was small, PostgreSQL chose a hash join
// over a sequential scan of the whole table and kept it while the table grew; the sessions the
// write runs on leave it no plan but the primary-key lookup.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl } from "@/lib/env";
import { PROGRESS_SESSION_SETTINGS, WRITE_PROGRESS_SQL, progressPool } from "@/lib/runs/write-progress";
import { createWorkflow } from "./run-engine-fixtures";

let client: pg.Client;
let wf: { workflowId: string; workspaceId: string };
beforeAll(async () => {
  wf = await createWorkflow([{ kind: "webhook", config: {} }]);
  client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  // No autoanalyze may refresh the plan behind the test's back.
  await client.query(`ALTER TABLE "Run" SET (autovacuum_enabled = off)`);
});
afterAll(async () => {
  await client?.query(`ALTER TABLE "Run" RESET (autovacuum_enabled)`);
  await client?.end();
});

const insertRuns = async (count: number) =>
  (
    await client.query<{ id: string }>(
      `INSERT INTO "Run" ("workflowId", "workspaceId", status, trigger)
       SELECT $1, $2, 'queued', jsonb_build_object('seq', i, 'pad', repeat('x', 900)) FROM generate_series(1, $3::int) i RETURNING id`,
      [wf.workflowId, wf.workspaceId, count],
    )
  ).rows.map((r) => r.id);

// The statement's parameters for finishing these runs (as writeProgress sends them), as literals.
const args = (ids: string[]) => {
  const now = new Date().toISOString();
  const steps = ids.map((runId) => ({ runId, stepId: "s1", number: 1, kind: "webhook", status: "succeeded", output: { ok: true }, error: null, logs: [], unresolved: [], attempts: 1, startedAt: now, finishedAt: now }));
  const runs = ids.map((id) => ({ id, status: "succeeded", error: null, startedAt: now, finishedAt: now, setTrigger: false, trigger: null }));
  return `${client.escapeLiteral(JSON.stringify(steps))}, ${client.escapeLiteral(JSON.stringify(runs))}`;
};

/** The plan a session keeps for the statement once it was made at 5 rows and the table then grew. */
async function planAfterGrowth(settings: string): Promise<string> {
  await client.query(`DEALLOCATE ALL; RESET ALL; ${settings}`);
  await client.query(`PREPARE wp(jsonb, jsonb) AS ${WRITE_PROGRESS_SQL}`);
  await client.query(`TRUNCATE "Run" CASCADE`); // back to an empty table, whatever ran before
  const few = await insertRuns(5);
  await client.query(`ANALYZE "Run"`);
  // After five executions PostgreSQL settles on the generic plan of a prepared statement.
  for (let i = 0; i < 7; i++) await client.query(`EXECUTE wp(${args(few)})`);
  await insertRuns(20_000); // no ANALYZE: the statistics still describe the small table
  const batch = await insertRuns(50);
  const { rows } = await client.query(`EXPLAIN (COSTS OFF) EXECUTE wp(${args(batch)})`);
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}

describe("progress write plan", () => {
  it("without the sessions' settings, the plan made at a handful of rows scans the whole table", async () => {
    // The hazard itself: if PostgreSQL stopped doing this, the settings below could go.
    expect(await planAfterGrowth("")).toMatch(/Seq Scan on "Run"/);
  });

  it("with them, the run update goes through the primary key however small the table was", async () => {
    const plan = await planAfterGrowth(PROGRESS_SESSION_SETTINGS);
    expect(plan).toMatch(/Index Scan using "Run_pkey" on "Run"/);
    expect(plan).not.toMatch(/Seq Scan on "Run"/);
  });

  it("every session of the write's pool runs with them, set without pg's busy-client warning", async () => {
    // The settings used to be queued from the pool's "connect" event, so the first statement on a
    // new session was sent while they ran: pg printed a DeprecationWarning at every worker start.
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on("warning", onWarning);
    try {
      // Two at once, each holding its session for a moment, so the pool opens both of its sessions.
      const rows = await Promise.all(
        [1, 2].map(async () => {
          const sql = `SELECT current_setting('enable_seqscan') s, current_setting('enable_hashjoin') h, current_setting('enable_mergejoin') m, pg_backend_pid() pid, pg_sleep(0.1)::text`;
          const { rows } = await progressPool().query(sql);
          return rows[0] as { s: string; h: string; m: string; pid: number };
        }),
      );
      expect(new Set(rows.map((r) => r.pid)).size).toBe(2);
      for (const { s, h, m } of rows) expect({ s, h, m }).toEqual({ s: "off", h: "off", m: "off" });
      await new Promise((resolve) => setImmediate(resolve)); // process warnings are emitted on the next tick
      expect(warnings).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });
});
