// What /api/health/ready reports: /api/health's body, whether this replica should take traffic,
// and when not, why in words an operator can act on.
import { checkIntakeTables } from "@/lib/health/check-intake-tables";
import { HEALTH_DB_TIMEOUT_MS, readHealth, WORKER_STALE_MS, type Health } from "@/lib/health/read-health";

export type Readiness = Health & { ready: boolean; reason?: string };

export async function readReadiness(): Promise<Readiness> {
  // Side by side: the answer stays within the health check's 3 s whichever is slow.
  const [health, blocked] = await Promise.all([readHealth(), checkIntakeTables()]);
  if (health.db === "down") return { ...health, ready: false, reason: `the database did not answer within ${HEALTH_DB_TIMEOUT_MS / 1000} s` };
  if (!health.worker.alive) {
    const last = health.worker.lastHeartbeat ? ` (the last at ${health.worker.lastHeartbeat})` : "";
    return { ...health, ready: false, reason: `no worker has sent a heartbeat in the last ${WORKER_STALE_MS / 1000} s${last}: runs would not be executed` };
  }
  if (blocked) return { ...health, ready: false, reason: blocked };
  return { ...health, ready: true };
}
