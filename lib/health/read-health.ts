// What /api/health reports: the database answers, and when a worker last beat.
import { db } from "@/lib/db/client";

export type Health = { ok: boolean; db: "up" | "down"; worker: { lastHeartbeat: string | null; alive: boolean } };

const WORKER_STALE_MS = 30_000;

export async function readHealth(): Promise<Health> {
  try {
    const beat = await db().workerHeartbeat.findFirst({ orderBy: { lastBeatAt: "desc" }, select: { lastBeatAt: true } });
    const last = beat?.lastBeatAt ?? null;
    const alive = !!last && Date.now() - last.getTime() < WORKER_STALE_MS;
    return { ok: true, db: "up", worker: { lastHeartbeat: last?.toISOString() ?? null, alive } };
  } catch {
    return { ok: false, db: "down", worker: { lastHeartbeat: null, alive: false } };
  }
}
