// npm run bench:runs — the run engine with one worker process on a 4-step workflow
// (webhook → code → transform → conditions). Prints figures, not pass/fail:
//   backlog 1k and 100k: runs/s and steps/s draining it, enqueue-to-start, pg-boss fetch time;
//   steady 200 deliveries/s: enqueue-to-start p50/p95 (run created → engine starts it).
// Targets (issue 4, 2 cores): ≥ 500 runs/s; p95 enqueue-to-start ≤ 50 ms at 200/s; fetch time at
// a 100k backlog ≤ 2× the time at 1k. Options: --backlog=1000,100000 --steady-seconds=20,
// --no-code (the code step replaced by a transform: the engine without the sandbox's cost),
// --profile=<dir> (the worker writes a V8 CPU profile).
import os from "node:os";
import pg from "pg";
import { createBoss } from "@/lib/jobs/boss";
import { QUEUES } from "@/lib/jobs/queues";
import { env } from "@/lib/env";
import { BENCH_STEPS, BENCH_STEPS_NO_CODE, benchDatabase, createBenchWorkflow, deliverRun, enqueueRuns, liveWorkers, startWorker } from "@/bench/runs-setup";
import { createWorkerWaker } from "@/lib/intake/wake-workers";
import { readJobTable } from "@/lib/intake/write-batch";

const log = (l: string) => console.log(`[bench] ${l}`);
const arg = (name: string, def: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? def;
const fmt = (n: number, d = 1) => n.toFixed(d);
const STEPS = process.argv.includes("--no-code") ? BENCH_STEPS_NO_CODE : BENCH_STEPS;

type Wf = { workflowId: string; workspaceId: string };

async function finishedCount(pool: pg.Pool, wf: Wf): Promise<number> {
  const { rows } = await pool.query(`SELECT count(*)::int AS n FROM "Run" WHERE "workflowId" = $1 AND status IN ('succeeded', 'failed', 'stopped')`, [wf.workflowId]);
  return rows[0].n;
}

async function waitFinished(pool: pg.Pool, wf: Wf, total: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const n = await finishedCount(pool, wf);
    if (n >= total) return;
    if (Date.now() > deadline) throw new Error(`only ${n}/${total} runs finished in time`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Figures of the runs of a workflow: rate over first start → last finish, and enqueue-to-start. */
async function figures(pool: pg.Pool, wf: Wf) {
  const { rows } = await pool.query(
    `SELECT count(*)::int AS runs,
            count(*) FILTER (WHERE status <> 'succeeded')::int AS not_ok,
            EXTRACT(EPOCH FROM max("finishedAt") - min("startedAt")) AS span,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY EXTRACT(EPOCH FROM "startedAt" - "createdAt") * 1000) AS p50,
            percentile_cont(0.95) WITHIN GROUP (ORDER BY EXTRACT(EPOCH FROM "startedAt" - "createdAt") * 1000) AS p95,
            (SELECT count(*)::int FROM "RunStep" s JOIN "Run" r2 ON r2.id = s."runId" WHERE r2."workflowId" = $1 AND s.status = 'succeeded') AS steps
       FROM "Run" WHERE "workflowId" = $1`,
    [wf.workflowId],
  );
  const r = rows[0];
  const span = Math.max(Number(r.span), 0.001);
  return { runs: r.runs, notOk: r.not_ok, span, runsPerSec: r.runs / span, stepsPerSec: r.steps / span, p50: Number(r.p50), p95: Number(r.p95) };
}

/** Median time of pg-boss fetch (batch of 25) on the current backlog; fetched jobs are put back. */
async function fetchTimeMs(boss: Awaited<ReturnType<typeof startProducer>>, samples = 15): Promise<number> {
  const times: number[] = [];
  // The first fetches pay for planning and cold caches; they are not what a worker sees.
  for (let i = -5; i < samples; i++) {
    const t = performance.now();
    const jobs = await boss.fetch(QUEUES.runExecute.name, { batchSize: 25 });
    if (i >= 0) times.push(performance.now() - t);
    const ids = jobs.map((j) => j.id);
    await boss.cancel(QUEUES.runExecute.name, ids);
    await boss.resume(QUEUES.runExecute.name, ids);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

async function startProducer(url: string) {
  const boss = createBoss("producer", url);
  await boss.start();
  return boss;
}

async function backlogPhase(pool: pg.Pool, url: string, size: number, workerEnv: Record<string, string>) {
  const wf = await createBenchWorkflow(pool, STEPS);
  const boss = await startProducer(url);
  const t0 = performance.now();
  await enqueueRuns(pool, boss, wf, size);
  log(`backlog ${size}: enqueued in ${fmt((performance.now() - t0) / 1000)} s`);
  await pool.query("ANALYZE pgboss.job");
  const fetchMs = await fetchTimeMs(boss);
  await boss.stop({ graceful: false });
  const worker = await startWorker(workerEnv);
  try {
    await waitFinished(pool, wf, size, Math.max(120_000, size * 20)).catch((e) => {
      throw new Error(`${(e as Error).message}\nworker output:\n${worker.output().slice(-3_000)}`);
    });
  } finally {
    await worker.stop();
  }
  return { size, fetchMs, ...(await figures(pool, wf)) };
}

async function steadyPhase(pool: pg.Pool, perSec: number, seconds: number, workerEnv: Record<string, string>) {
  const wf = await createBenchWorkflow(pool, STEPS);
  const jobTable = await readJobTable(pool);
  if (!jobTable) throw new Error("the run-execute queue does not exist");
  const worker = await startWorker(workerEnv);
  const wake = createWorkerWaker(pool, (e) => log(`waking the worker failed: ${e instanceof Error ? e.message : e}`));
  try {
    // One delivery per tick, stored by the intake's own statement (what a lone delivery costs).
    const total = perSec * seconds;
    const start = performance.now();
    const pending: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / perSec;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      pending.push(deliverRun(pool, jobTable, wake, wf, i));
    }
    await Promise.all(pending);
    const achieved = total / ((performance.now() - start) / 1000);
    await waitFinished(pool, wf, total, 60_000).catch((e) => {
      throw new Error(`${(e as Error).message}\nworker output:\n${worker.output().slice(-3_000)}`);
    });
    return { perSec, achieved, ...(await figures(pool, wf)) };
  } finally {
    await worker.stop();
  }
}

async function main() {
  const backlogs = arg("backlog", "1000,100000").split(",").map(Number);
  const steadySeconds = Number(arg("steady-seconds", "20"));
  const db = await benchDatabase(env().DATABASE_URL, () => {});
  // Ctrl-C or a kill: stop the worker and the embedded PostgreSQL instead of leaving them running.
  const interrupted = (signal: string) => {
    console.error(`\n[bench] ${signal}: stopping the worker and the database`);
    void Promise.allSettled([...liveWorkers].map((stop) => stop()))
      .then(() => db.cleanup())
      .finally(() => process.exit(130));
  };
  process.once("SIGINT", () => interrupted("SIGINT"));
  process.once("SIGTERM", () => interrupted("SIGTERM"));
  // Enough connections that the steady phase's one-transaction-per-delivery keeps up with 200/s.
  const pool = new pg.Pool({ connectionString: db.url, max: 24 });
  pool.on("error", () => {}); // idle clients see the embedded server stop at the end
  // The bench counts runs: the retention pass (hourly by default) would delete some of the 100k
  // finished ones mid-bench (beyond RETENTION_RUNS_PER_WORKFLOW), so it fires on 1 January only.
  const workerEnv: Record<string, string> = { DATABASE_URL: db.url, WORKER_CONCURRENCY: String(env().WORKER_CONCURRENCY), RETENTION_CRON: "0 0 1 1 *" };
  // --profile=<dir>: the worker writes a V8 CPU profile there when it stops.
  const profile = arg("profile", "");
  if (profile) workerEnv.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${profile}`;
  log(`${os.cpus().length} CPUs; one worker, WORKER_CONCURRENCY=${workerEnv.WORKER_CONCURRENCY}; workflow ${STEPS.map((s) => s.kind).join(" → ")}`);
  try {
    const lines: string[] = [];
    const backlog: Awaited<ReturnType<typeof backlogPhase>>[] = [];
    for (const size of backlogs) {
      const r = await backlogPhase(pool, db.url, size, workerEnv);
      backlog.push(r);
      lines.push(
        `backlog ${String(size).padStart(6)}: ${fmt(r.runsPerSec, 0).padStart(5)} runs/s  ${fmt(r.stepsPerSec, 0).padStart(5)} steps/s  ` +
          `enqueue-to-start p50 ${fmt(r.p50 / 1000, 2)} s p95 ${fmt(r.p95 / 1000, 2)} s  fetch(25) ${fmt(r.fetchMs, 2)} ms  not succeeded ${r.notOk}`,
      );
      log(lines[lines.length - 1]);
    }
    const steady = await steadyPhase(pool, Number(arg("rate", "200")), steadySeconds, workerEnv);
    lines.push(
      `steady ${steady.perSec}/s (achieved ${fmt(steady.achieved, 0)}/s, ${steady.runs} runs): enqueue-to-start p50 ${fmt(steady.p50)} ms p95 ${fmt(steady.p95)} ms  not succeeded ${steady.notOk}`,
    );
    if (backlog.length >= 2) lines.push(`fetch time ratio ${backlog[backlog.length - 1].size} vs ${backlog[0].size} backlog: ${fmt(backlog[backlog.length - 1].fetchMs / backlog[0].fetchMs, 2)}×`);
    console.log(`\nRun engine benchmark (${os.cpus().length} CPUs, one worker)\n${lines.map((l) => `  ${l}`).join("\n")}`);
  } finally {
    await pool.end();
    await db.cleanup();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
