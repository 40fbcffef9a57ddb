// Readiness: the database answers and some worker's heartbeat is fresh; 503 otherwise, with the
// same body as /api/health so the reason is visible.
import { readHealth } from "@/lib/health/read-health";

export const dynamic = "force-dynamic";

export async function GET() {
  const health = await readHealth();
  const ready = health.db === "up" && health.worker.alive;
  return Response.json({ ...health, ready }, { status: ready ? 200 : 503, headers: { "cache-control": "no-store" } });
}
