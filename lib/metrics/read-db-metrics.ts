// The figures /metrics reads from PostgreSQL at scrape time, so every web replica reports the
// same cluster-wide values: runs by status, recent deliveries by outcome, recent step durations
// by kind (histogram computed in SQL), worker heartbeats and pg-boss queue depth.
import { db } from "@/lib/db/client";
import { producer } from "@/lib/jobs/boss";
import { QUEUES } from "@/lib/jobs/queues";

export const STEP_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300] as const;
/** Deliveries and step durations are reported over this trailing window. */
export const WINDOW_SECONDS = 3600;

const NOW_UTC = `(now() AT TIME ZONE 'UTC')`; // timestamp(3) columns hold UTC
const STEP_SQL = `
SELECT kind, count(*)::int AS count, COALESCE(sum(s), 0)::float8 AS sum,
       ${STEP_BUCKETS.map((b, i) => `(count(*) FILTER (WHERE s <= ${b}))::int AS b${i}`).join(", ")}
  FROM (SELECT kind, extract(epoch FROM "finishedAt" - "startedAt")::float8 AS s FROM "RunStep"
         WHERE "finishedAt" > ${NOW_UTC} - make_interval(secs => ${WINDOW_SECONDS}) AND "startedAt" IS NOT NULL) d
 GROUP BY kind ORDER BY kind`;

// Accepted deliveries are recorded on their runs, the others in Delivery (list-deliveries.ts).
const DELIVERIES_SQL = `
SELECT outcome, sum(n)::int AS n FROM (
  SELECT outcome::text AS outcome, count(*) AS n FROM "Delivery"
   WHERE "receivedAt" > ${NOW_UTC} - make_interval(secs => ${WINDOW_SECONDS}) GROUP BY 1
  UNION ALL
  SELECT 'accepted', count(*) FROM "Run"
   WHERE "createdAt" > ${NOW_UTC} - make_interval(secs => ${WINDOW_SECONDS}) AND "deliveryEndpointId" IS NOT NULL
) d GROUP BY 1 HAVING sum(n) > 0 ORDER BY 1`;

type StepRow = { kind: string; count: number; sum: number } & Record<string, number>;

export async function readDbMetrics() {
  const [runs, deliveries, steps, beats, queues] = await Promise.all([
    db().$queryRawUnsafe<{ status: string; n: number }[]>(`SELECT status::text AS status, count(*)::int AS n FROM "Run" GROUP BY 1 ORDER BY 1`),
    db().$queryRawUnsafe<{ outcome: string; n: number }[]>(DELIVERIES_SQL),
    db().$queryRawUnsafe<StepRow[]>(STEP_SQL),
    db().$queryRawUnsafe<{ id: string; age: number }[]>(
      `SELECT id, extract(epoch FROM ${NOW_UTC} - "lastBeatAt")::float8 AS age FROM "WorkerHeartbeat" ORDER BY id`,
    ),
    // pg-boss keeps these counts on its queue rows (refreshed by the workers' monitor pass).
    producer().then((boss) => boss.getQueues(Object.values(QUEUES).map((q) => q.name))),
  ]);
  return {
    runs,
    deliveries,
    steps: steps.map((r) => ({ kind: r.kind, count: r.count, sum: r.sum, cumulative: STEP_BUCKETS.map((_, i) => r[`b${i}`]) })),
    heartbeats: beats,
    queues: queues.map((q) => ({ name: q.name, queued: q.queuedCount, ready: q.readyCount, active: q.activeCount, deferred: q.deferredCount, failed: q.failedCount })),
  };
}
