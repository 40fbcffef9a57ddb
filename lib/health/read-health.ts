// What /api/health reports: the database answers, and when a worker last beat.
import { db } from "@/lib/db/client";

export type Health = { ok: boolean; db: "up" | "down"; worker: { lastHeartbeat: string | null; alive: boolean } };

/** The report while the database does not answer (also the web server's while it starts: server.ts). */
export const DATABASE_DOWN: Health = { ok: false, db: "down", worker: { lastHeartbeat: null, alive: false } };

export const WORKER_STALE_MS = 30_000;
/**
 * A database that does not answer within this counts as down. The pool's own limits (5 s to
 * get a connection, 20 s for a query on one already open) are for requests; a health check
 * must answer before a load balancer's own timeout (commonly 5 s) gives up on the replica,
 * and it must answer "down", which is what the caller came to learn.
 */
export const HEALTH_DB_TIMEOUT_MS = 3_000;

export async function readHealth(): Promise<Health> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("the database did not answer in time")), HEALTH_DB_TIMEOUT_MS);
  });
  try {
    const query = db().workerHeartbeat.findFirst({ orderBy: { lastBeatAt: "desc" }, select: { lastBeatAt: true } });
    query.catch(() => {}); // when the timeout wins, its later failure is expected
    const beat = await Promise.race([query, timeout]);
    const last = beat?.lastBeatAt ?? null;
    const alive = !!last && Date.now() - last.getTime() < WORKER_STALE_MS;
    return { ok: true, db: "up", worker: { lastHeartbeat: last?.toISOString() ?? null, alive } };
  } catch {
    return DATABASE_DOWN;
  } finally {
    clearTimeout(timer);
  }
}
