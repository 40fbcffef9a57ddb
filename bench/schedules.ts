// npm run bench:schedules [-- --schedules=200 --minutes=2]: N Live per-minute Scheduler
// workflows (a Scheduler → Transform each) on one worker and an embedded PostgreSQL (or
// DATABASE_URL); prints, for the occurrences of the next minutes, the delay from each occurrence
// to its run's creation (p50 / p99 / max) and whether every occurrence made exactly one run.
import pg from "pg";
import { env } from "@/lib/env";
import { benchDatabase, liveWorkers, startWorker } from "./runs-setup";

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const log = (l: string) => console.log(l);
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function main() {
  const n = arg("schedules", 200);
  const minutes = arg("minutes", 2);
  const db = await benchDatabase(process.env.DATABASE_URL, () => {});
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  pool.on("error", () => {}); // idle clients see the embedded server stop at the end (as bench:runs)
  try {
    const ws = await pool.query(`INSERT INTO "Workspace" (name, kind) VALUES ('bench', 'provider') RETURNING id`);
    const steps = JSON.stringify([
      { id: "s1", kind: "scheduler", name: "Scheduler", config: { cron: "* * * * *", timezone: "UTC" } },
      { id: "s2", kind: "transform", name: "When", config: { fields: [{ name: "when", expression: "{{ 1.scheduledFor }}" }] } },
    ]);
    await pool.query(
      `INSERT INTO "Workflow" ("workspaceId", name, mode, steps, "scheduledThrough")
       SELECT $1, 'bench schedule ' || g, 'live', $2::json, now() AT TIME ZONE 'UTC' FROM generate_series(1, $3) g`,
      [ws.rows[0].id, steps, n],
    );
    const worker = await startWorker({ DATABASE_URL: db.url, WORKER_CONCURRENCY: String(env().WORKER_CONCURRENCY), RETENTION_CRON: "0 0 1 1 *" });
    const start = Date.now();
    const firstMinute = Math.ceil(start / 60_000) * 60_000;
    const lastMinute = firstMinute + (minutes - 1) * 60_000;
    log(`${n} Live every-minute schedules, one worker; measuring the occurrences ${new Date(firstMinute).toISOString()} … ${new Date(lastMinute).toISOString()}`);
    try {
      // Until every occurrence of the measured minutes has its run, or 30 s after the last one.
      const deadline = lastMinute + 30_000;
      for (;;) {
        const { rows } = await pool.query(`SELECT count(*)::int AS c FROM "Run" WHERE "scheduledFor" BETWEEN ($1::timestamptz AT TIME ZONE 'UTC') AND ($2::timestamptz AT TIME ZONE 'UTC')`, [
          new Date(firstMinute).toISOString(),
          new Date(lastMinute).toISOString(),
        ]);
        if (rows[0].c >= n * minutes || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 1_000));
      }
    } finally {
      await worker.stop();
    }
    const { rows } = await pool.query(
      `SELECT "workflowId", "scheduledFor", EXTRACT(EPOCH FROM ("createdAt" - "scheduledFor")) * 1000 AS ms FROM "Run"
       WHERE "scheduledFor" BETWEEN ($1::timestamptz AT TIME ZONE 'UTC') AND ($2::timestamptz AT TIME ZONE 'UTC')`,
      [new Date(firstMinute).toISOString(), new Date(lastMinute).toISOString()],
    );
    const delays = rows.map((r) => Number(r.ms)).sort((a, b) => a - b);
    const perOccurrence = new Set(rows.map((r) => `${r.workflowId} ${new Date(r.scheduledFor).toISOString()}`)).size;
    log(`occurrences expected ${n * minutes}, runs ${rows.length}, distinct occurrences with a run ${perOccurrence}`);
    if (delays.length > 0) {
      log(`occurrence → run created: p50 ${(pct(delays, 50) / 1000).toFixed(2)} s, p99 ${(pct(delays, 99) / 1000).toFixed(2)} s, max ${(delays[delays.length - 1] / 1000).toFixed(2)} s`);
    }
  } finally {
    await pool.end();
    await Promise.all([...liveWorkers].map((stop) => stop()));
    await db.cleanup();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
