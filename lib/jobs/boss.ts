// pg-boss instances. The web process uses a producer (no maintenance, no schedules); the
// worker uses a full instance. Both share the `pgboss` schema in the app database.
import type pg from "pg";
import { PgBoss } from "pg-boss";
import { databaseUrl } from "@/lib/env";
import { QUEUES } from "@/lib/jobs/queues";
import { errorMessage, logger } from "@/lib/log";

export const BOSS_SCHEMA = "pgboss";

export function createBoss(role: "producer" | "worker", url = databaseUrl()): PgBoss {
  const boss = new PgBoss({
    connectionString: url,
    schema: BOSS_SCHEMA,
    application_name: `msp-flow-${role}`,
    max: role === "worker" ? 10 : 4,
    // pg-boss's fetch (ORDER BY priority, created_on LIMIT n over its partial index of waiting
    // jobs) must walk that index in order and stop after n. While the job table grows faster
    // than autoanalyze looks at it, PostgreSQL estimates a handful of rows and picks a bitmap
    // scan instead: every entry of the index, the dead ones of taken jobs included, then a sort.
    // Measured under the ingest benchmark: 10–40 ms per fetch (0.2–0.5 ms as an index scan), the
    // largest share of the database's time per run. The cost elsewhere in this pool: while the
    // statistics are that stale, the expiry and heartbeat checks (every 5 s) read the table
    // through its primary key instead of a bitmap of it, ~60 ms instead of ~30 ms at 150k jobs;
    // once analysed, both plans are the same sequential scan. Set on each new session (node-
    // postgres' pool runs onConnect before handing a connection out), not as a startup `options`
    // parameter, which connection poolers such as PgBouncer refuse.
    ...(role === "worker" ? ({ onConnect: (client: pg.ClientBase) => client.query("SET enable_bitmapscan = off") } as object) : {}),
    supervise: role === "worker",
    schedule: role === "worker",
    useListenNotify: role === "worker",
    // Expiry and heartbeat checks run in this pass: every 5 s (not 60) so a run whose worker
    // died is picked up again within seconds. Cron passes every 2 s (not 30) and their jobs
    // forwarded every second (not 5), so the Scheduler's per-minute check (and retention,
    // backups) starts within ~3 s of its minute; a pass reads the few schedule rows there are
    // (one for all Scheduler workflows, lib/triggers/reconcile-workflow-schedules.ts).
    ...(role === "worker" ? { superviseIntervalSeconds: 5, monitorIntervalSeconds: 5, cronMonitorIntervalSeconds: 2, cronWorkerIntervalSeconds: 1 } : {}),
  });
  // A JSON line like every other log line (README, Logs), not free text on stderr.
  boss.on("error", (e) => logger().error({ component: `pg-boss-${role}`, err: errorMessage(e) }, "pg-boss error"));
  return boss;
}

/** Creates pg-boss's schema and every queue; idempotent and safe from several processes. */
export async function ensureQueues(url = databaseUrl()): Promise<void> {
  const boss = createBoss("producer", url);
  await boss.start();
  try {
    for (const q of Object.values(QUEUES)) {
      const existing = await boss.getQueue(q.name);
      if (!existing) await boss.createQueue(q.name, { ...q.options, notify: true } as never).catch((e) => {
        if (!/already exists/i.test(String(e))) throw e;
      });
    }
  } finally {
    await boss.stop({ graceful: false });
  }
}

const g = globalThis as unknown as { __bossProducer?: Promise<PgBoss> };

/** The started producer of this process (web or launcher), created on first use. */
export function producer(): Promise<PgBoss> {
  g.__bossProducer ??= createBoss("producer").start();
  return g.__bossProducer;
}
