// The intake writes run-execute jobs with its own statement (lib/intake/write-batch.ts) instead
// of boss.insert(). These jobs must be exactly what pg-boss writes for the same job, and the
// intake's wake-up (lib/intake/wake-workers.ts, sent after the commit) must reach a worker through
// pg-boss's LISTEN/NOTIFY like pg-boss's own inserts do.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import type { PgBoss } from "pg-boss";
import { createWorkerWaker } from "@/lib/intake/wake-workers";
import { readJobTable, writeBatch, type BatchEntry } from "@/lib/intake/write-batch";
import { BOSS_SCHEMA, createBoss } from "@/lib/jobs/boss";
import { QUEUES } from "@/lib/jobs/queues";
import { eventually } from "@/tests/helpers/services";
import { createHook } from "@/tests/integration/intake-fixtures";

type JobRow = Record<string, unknown> & { id: string; data: { runId: string }; created_on: string; start_after: string; keep_until: string };

const entry = (h: Awaited<ReturnType<typeof createHook>>): BatchEntry => ({
  kind: "run",
  workspaceId: h.workspaceId,
  trigger: '{"event":"x"}',
  delivery: { workflowId: h.workflowId, endpointId: h.endpointId, outcome: "accepted", size: 13, contentType: "application/json" },
});

describe("run-execute jobs written by the intake", () => {
  let pool: pg.Pool;
  const bosses: PgBoss[] = [];
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  });
  afterAll(async () => {
    for (const b of bosses) await b.stop({ graceful: false });
    await pool.end();
  });

  const jobOf = async (runId: string): Promise<JobRow> => {
    const { rows } = await pool.query<{ row: JobRow }>(`SELECT to_jsonb(j) AS row FROM ${BOSS_SCHEMA}.job j WHERE name = $1 AND data->>'runId' = $2`, [QUEUES.runExecute.name, runId]);
    expect(rows).toHaveLength(1);
    return rows[0].row;
  };
  // What may differ between two jobs: identity, payload and the moment they were written.
  const comparable = ({ start_after, keep_until, ...row }: JobRow) => {
    const rest: Partial<JobRow> = { ...row };
    delete rest.id;
    delete rest.data;
    delete rest.created_on;
    return { ...rest, retainedSeconds: (Date.parse(keep_until) - Date.parse(start_after)) / 1000 };
  };

  it("equal a job written by boss.insert() in every column but id, payload and times", async () => {
    const h = await createHook();
    const table = await readJobTable(pool);
    expect(table).toBeTruthy();
    const [{ runId }] = await writeBatch(pool, table!, [entry(h)]);
    expect(runId).toBeTruthy();

    const boss = createBoss("producer");
    bosses.push(boss);
    await boss.start();
    await boss.insert(QUEUES.runExecute.name, [{ data: { runId: "written-by-pg-boss" } }]);

    const ours = await jobOf(runId!);
    const theirs = await jobOf("written-by-pg-boss");
    expect(ours.data).toEqual({ runId });
    expect(comparable(ours)).toEqual(comparable(theirs));
    expect(ours.state).toBe("created");
    expect(ours.retry_limit).toBe(QUEUES.runExecute.options.retryLimit);
    expect(ours.heartbeat_seconds).toBe(QUEUES.runExecute.options.heartbeatSeconds);
    // The run records its delivery, and no Delivery row is written for it.
    const { rows } = await pool.query(`SELECT status, "deliveryEndpointId", "deliverySize" FROM "Run" WHERE id = $1`, [runId]);
    expect(rows).toEqual([{ status: "queued", deliveryEndpointId: h.endpointId, deliverySize: 13 }]);
    expect((await pool.query(`SELECT 1 FROM "Delivery" WHERE "workflowId" = $1`, [h.workflowId])).rowCount).toBe(0);
  });

  it("wake a waiting worker at once through LISTEN/NOTIFY, sent after their commit", async () => {
    const h = await createHook();
    const worker = createBoss("worker");
    bosses.push(worker);
    await worker.start();
    const seen: string[] = [];
    // Polls only every 60 s: a job fetched within seconds was announced by NOTIFY.
    await worker.work(QUEUES.runExecute.name, { pollingIntervalSeconds: 60, notifyPollingIntervalSeconds: 60, batchSize: 10 }, async (jobs) => {
      for (const j of jobs) seen.push((j.data as { runId: string }).runId);
    });
    // The worker's first fetch, made at once on start, must have come back empty: from then on
    // it sleeps until notified. Its listener must be up too.
    await eventually(async () => worker.getWipData({ includeInternal: true }).some((w) => w.name === QUEUES.runExecute.name && w.lastFetchedOn), 10_000, "first fetch");
    await eventually(async () => (await pool.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`)).rowCount! > 0, 10_000, "listener");
    const [{ runId }] = await writeBatch(pool, (await readJobTable(pool))!, [entry(h)]);
    const errors: unknown[] = [];
    createWorkerWaker(pool, (e) => errors.push(e))();
    await eventually(async () => seen.includes(runId!), 10_000, "the worker fetched the new job");
    expect(errors).toEqual([]);
  });
});
