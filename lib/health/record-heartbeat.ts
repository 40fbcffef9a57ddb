// A worker's heartbeat: its own row refreshed, and the rows of workers that stopped beating
// long ago deleted. A worker that stops gracefully deletes its row; one that crashed (kill -9,
// OOM, a lost machine) cannot, and its row would otherwise stay in /metrics forever
// (msp_flow_worker_heartbeat_age_seconds growing without end, an alert on the oldest beat
// firing for good after one crash). Any live worker clears them, so nothing is left once one runs.
import { db } from "@/lib/db/client";

/**
 * A row not refreshed for this long belongs to a dead worker (they beat every 5 s; readiness
 * calls 30 s stale). Long enough that a crash stays visible in /metrics for a few minutes.
 */
export const HEARTBEAT_EXPIRY_SECONDS = 300;

export async function recordHeartbeat(worker: { id: string; hostname: string; pid: number }): Promise<void> {
  // Stamped with the database's clock, as the expiry below and /metrics's ages use: a worker
  // host whose clock is minutes behind would otherwise write a beat the others delete as dead.
  // (Prisma's @default(now()) is the client's clock.) timestamp(3) columns hold UTC.
  await db().$executeRaw`
    INSERT INTO "WorkerHeartbeat" (id, hostname, pid, "startedAt", "lastBeatAt")
    VALUES (${worker.id}, ${worker.hostname}, ${worker.pid}, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')
    ON CONFLICT (id) DO UPDATE SET "lastBeatAt" = EXCLUDED."lastBeatAt"`;
  await db().$executeRawUnsafe(
    `DELETE FROM "WorkerHeartbeat" WHERE "lastBeatAt" < (now() AT TIME ZONE 'UTC') - make_interval(secs => ${HEARTBEAT_EXPIRY_SECONDS}) AND id <> $1`,
    worker.id,
  );
}
