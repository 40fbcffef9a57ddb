// Readiness: the database answers, the intake could record a delivery now (its tables are not
// locked), and some worker's heartbeat is fresh; 503 otherwise, with the same body as
// /api/health plus the reason, so what is wrong is visible.
import { readReadiness } from "@/lib/health/read-readiness";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

export async function GET() {
  const readiness = await readReadiness();
  return Response.json(readiness, { status: readiness.ready ? 200 : 503, headers: { "cache-control": "no-store" } });
}

// Other methods: the API's 405 JSON with Allow (Next's own has an empty body and no Allow).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
