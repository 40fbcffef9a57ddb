// Readiness: the database answers, the intake could record a delivery now (its tables are not
// locked), and some worker's heartbeat is fresh; 503 otherwise, with the same body as
// /api/health plus the reason, so what is wrong is visible.
import { readReadiness } from "@/lib/health/read-readiness";

export const dynamic = "force-dynamic";

export async function GET() {
  const readiness = await readReadiness();
  return Response.json(readiness, { status: readiness.ready ? 200 : 503, headers: { "cache-control": "no-store" } });
}
