// Set-up for the run-engine benchmark: a database (DATABASE_URL, or an embedded PostgreSQL in a
// temporary folder), migrations and queues, the benchmark workflow, bulk enqueueing of runs the
// way the intake writes them (runs and run-execute jobs in one transaction), single deliveries
// through the intake's own write, a worker process.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { PgBoss } from "pg-boss";
import { startEmbeddedPostgres } from "@/lib/db/embedded-postgres";
import { migrateDatabase } from "@/lib/db/migrate";
import { writeBatch, type JobTable } from "@/lib/intake/write-batch";
import { ensureQueues } from "@/lib/jobs/boss";
import { QUEUES } from "@/lib/jobs/queues";

export const root = path.resolve(import.meta.dirname, "..");

export async function benchDatabase(url: string | undefined, log: (l: string) => void) {
  let cleanup = async () => {};
  if (!url) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "mspflow-bench-runs-"));
    chmodSync(dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root
    const embedded = await startEmbeddedPostgres({ dataDir, log });
    url = embedded.url;
    cleanup = async () => {
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  await migrateDatabase({ url, log });
  await ensureQueues(url);
  return { url, cleanup };
}

/** webhook → code → transform → conditions, the 4-step workflow. */
export const BENCH_STEPS = [
  { id: "hook", kind: "webhook", name: "Webhook", config: {} },
  { id: "sum", kind: "code", name: "Sum", config: { code: "return { total: steps[1].items.reduce((a, i) => a + i.qty, 0) }" } },
  { id: "calc", kind: "transform", name: "Calc", config: { fields: [{ name: "double", expression: "{{ 2.total }} * 2" }, { name: "tenant", expression: "$uppercase({{ 1.tenant }})" }] } },
  {
    id: "route",
    kind: "conditions",
    name: "Route",
    config: { branches: [{ id: "huge", name: "Huge", match: "all", rules: [{ left: "{{ 3.double }}", op: "gt", right: 1_000_000 }], target: "stop" }], otherwise: { target: null } },
  },
];

/** The same workflow with the code step done by a transform: the engine's cost without the sandbox. */
export const BENCH_STEPS_NO_CODE = BENCH_STEPS.map((s) =>
  s.kind === "code" ? { id: "sum", kind: "transform", name: "Sum", config: { fields: [{ name: "total", expression: "$sum({{ 1.items }}.qty)" }] } } : s,
);

export type BenchWorkflow = { workflowId: string; workspaceId: string; endpointId: string };

export async function createBenchWorkflow(pool: pg.Pool, steps: readonly object[] = BENCH_STEPS): Promise<BenchWorkflow> {
  const ws = await pool.query(`INSERT INTO "Workspace" (name, kind) VALUES ('bench', 'provider') RETURNING id`);
  const wf = await pool.query(`INSERT INTO "Workflow" ("workspaceId", name, mode, steps) VALUES ($1, 'bench runs', 'live', $2::jsonb) RETURNING id`, [
    ws.rows[0].id,
    JSON.stringify(steps),
  ]);
  const ep = await pool.query(`INSERT INTO "WebhookEndpoint" ("workflowId", "stepId", token) VALUES ($1, 'hook', $2) RETURNING id`, [wf.rows[0].id, randomUUID()]);
  return { workflowId: wf.rows[0].id, workspaceId: ws.rows[0].id, endpointId: ep.rows[0].id };
}

/** One delivery as the intake stores a lone one: its one-statement write, then the workers' wake-up. */
export async function deliverRun(pool: pg.Pool, jobTable: JobTable, wake: () => void, wf: BenchWorkflow, i: number): Promise<void> {
  const trigger = payload(i);
  await writeBatch(pool, jobTable, [
    { kind: "run", workspaceId: wf.workspaceId, trigger, delivery: { workflowId: wf.workflowId, endpointId: wf.endpointId, outcome: "accepted", size: trigger.length, contentType: "application/json" } },
  ]);
  wake();
}

const payload = (i: number) => JSON.stringify({ tenant: `t${i % 50}`, event: "license.sync", items: [{ sku: "E3", qty: i % 7 }, { sku: "E5", qty: 2 }] });

/** Inserts `count` runs and their jobs, `chunk` per transaction; returns when committed. */
export async function enqueueRuns(pool: pg.Pool, boss: PgBoss, wf: { workflowId: string; workspaceId: string }, count: number, chunk = 5_000): Promise<void> {
  for (let done = 0; done < count; done += chunk) {
    const n = Math.min(chunk, count - done);
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO "Run" ("workflowId", "workspaceId", status, trigger)
         SELECT $1, $2, 'queued', t::jsonb FROM unnest($3::text[]) AS t RETURNING id`,
        [wf.workflowId, wf.workspaceId, Array.from({ length: n }, (_, i) => payload(done + i))],
      );
      const db = { executeSql: (text: string, values?: unknown[]) => client.query(text, values) };
      await boss.insert(QUEUES.runExecute.name, rows.map((r) => ({ data: { runId: r.id } })), { db });
      await client.query("COMMIT");
    } catch (e) {
      await client.query("ROLLBACK");
      throw e;
    } finally {
      client.release();
    }
  }
}

export type Worker = { stop: () => Promise<void>; output: () => string };

/** Workers started and not yet stopped, for a bench interrupted by a signal. */
export const liveWorkers = new Set<() => Promise<void>>();

export function startWorker(env: Record<string, string>): Promise<Worker> {
  const proc = spawn(process.execPath, ["--import", "tsx", path.join(root, "worker/index.ts")], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  proc.once("exit", () => liveWorkers.delete(stop));
  const stop = () =>
    new Promise<void>((resolve) => {
      liveWorkers.delete(stop);
      if (proc.exitCode !== null) return resolve();
      proc.once("exit", () => resolve());
      proc.kill("SIGTERM");
      setTimeout(() => proc.kill("SIGKILL"), 15_000).unref();
    });
  return new Promise((resolve, reject) => {
    const onData = (c: Buffer) => {
      out = (out + c.toString()).slice(-20_000);
      if (/worker .* started/.test(out)) resolve({ stop, output: () => out });
    };
    proc.stdout!.on("data", onData);
    proc.stderr!.on("data", onData);
    proc.once("exit", (code) => reject(new Error(`worker exited (${code}):\n${out}`)));
    liveWorkers.add(stop);
  });
}
