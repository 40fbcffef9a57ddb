// npm run bench:retention [-- --runs 1000000] — the retention job on a large synthetic history
// while the intake takes steady traffic. Inserts N finished runs (one step each, 40 days old)
// over 100 workflows, measures intake latency without pruning, then sends one retention-prune
// job to a real worker and measures intake latency until the pass has deleted every old run.
// Prints the pass's duration and rate and intake p50/p99/max before and during.
import { randomBytes } from "node:crypto";
import { loadEnv } from "@/lib/env";
import { QUEUES } from "@/lib/jobs/queues";
import { createBoss } from "@/lib/jobs/boss";
import { ensureBuild } from "@/scripts/ensure-build";
import { percentile } from "@/bench/scale-out-load";
import * as setup from "@/bench/ingest-setup";

const WORKFLOWS = 100;
const LANES = 16;
const log = (l: string) => console.log(`[retention] ${l}`);

/** Keeps LANES deliveries in flight until `done()` says stop; returns latencies and statuses. */
async function steadyLoad(url: string, done: () => boolean) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const lane = async () => {
    while (!done()) {
      const t = performance.now();
      const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: '{"event":"ping"}' }).catch(() => null);
      await res?.arrayBuffer();
      latencies.push(performance.now() - t);
      statuses.set(res?.status ?? 0, (statuses.get(res?.status ?? 0) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  const fmt = (p: number) => percentile(latencies, p).toFixed(1);
  return `${latencies.length} deliveries, p50 ${fmt(50)} ms, p99 ${fmt(99)} ms, max ${latencies.reduce((a, b) => Math.max(a, b), 0).toFixed(0)} ms, statuses ${JSON.stringify(Object.fromEntries(statuses))}`;
}

async function main() {
  const a = process.argv.slice(2);
  const total = Number(a[a.indexOf("--runs") + 1] ?? 0) || 1_000_000;
  const secretKey = randomBytes(32).toString("hex");
  process.env.SECRET_KEY = secretKey;
  await ensureBuild(setup.root, log);
  const database = await setup.benchDatabase(loadEnv().DATABASE_URL, log);
  const childEnv = setup.benchEnv(database.url, secretKey);
  const db = setup.createDb(database.url, 2);
  const stops: (() => Promise<void>)[] = [];
  try {
    const ws = await db.workspace.create({ data: { name: "retention bench", kind: "provider" } });
    await db.$executeRawUnsafe(
      `INSERT INTO "Workflow" (id, "workspaceId", name, mode, steps)
       SELECT 'wf-' || i, $1, 'bench ' || i, 'live', '[{"id":"s1","kind":"webhook","name":"Webhook","config":{}}]'::jsonb
         FROM generate_series(1, ${WORKFLOWS}) i`,
      ws.id,
    );
    let t = Date.now();
    await db.$executeRawUnsafe(
      `INSERT INTO "Run" (id, "workflowId", "workspaceId", status, "createdAt", "finishedAt")
       SELECT 'run-' || i, 'wf-' || (i % ${WORKFLOWS} + 1), $1, 'succeeded',
              (now() AT TIME ZONE 'UTC') - interval '40 days' - make_interval(secs => i), (now() AT TIME ZONE 'UTC') - interval '40 days'
         FROM generate_series(1, ${total}) i`,
      ws.id,
    );
    await db.$executeRawUnsafe(
      `INSERT INTO "RunStep" (id, "runId", "stepId", number, kind, status, output)
       SELECT 'step-' || id, id, 's1', 1, 'webhook', 'succeeded', '{"event":"ping"}'::jsonb FROM "Run"`,
    );
    await db.$executeRawUnsafe(`ANALYZE "Run"; `);
    await db.$executeRawUnsafe(`ANALYZE "RunStep"`);
    log(`inserted ${total} runs and ${total} steps over ${WORKFLOWS} workflows in ${((Date.now() - t) / 1000).toFixed(1)} s`);

    const hook = await setup.createBenchHook(db, "intake");
    const web = await setup.startWebServer(childEnv);
    stops.push(web.stop);
    const worker = await setup.startWorkerProcess({ ...childEnv, RETENTION_CRON: "0 0 1 1 *" });
    stops.push(worker.stop);
    const url = `${web.baseUrl}/hooks/${hook.token}`;

    const baselineEnd = Date.now() + 10_000;
    log(`intake, no pruning (10 s): ${await steadyLoad(url, () => Date.now() > baselineEnd)}`);

    const boss = createBoss("producer", database.url);
    await boss.start();
    stops.push(() => boss.stop({ graceful: false }));
    let remaining = total;
    t = Date.now();
    await boss.send(QUEUES.retentionPrune.name, null);
    const watcher = (async () => {
      while (remaining > 0) {
        remaining = (await db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "Run" WHERE id LIKE 'run-%'`))[0].n;
        if (Date.now() - t > 30 * 60_000) throw new Error(`pass not done after 30 min (${remaining} left)`);
        await new Promise((r) => setTimeout(r, 500));
      }
    })();
    const during = await steadyLoad(url, () => remaining === 0);
    await watcher;
    const secs = (Date.now() - t) / 1000;
    log(`retention pass deleted ${total} runs (+ steps) in ${secs.toFixed(1)} s (${Math.round(total / secs)} runs/s)`);
    log(`intake, during pruning: ${during}`);
  } finally {
    await Promise.all(stops.map((s) => s().catch(() => {})));
    await db.$disconnect();
    await database.cleanup();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`[retention] ${e instanceof Error ? e.stack : e}`);
    process.exit(1);
  },
);
