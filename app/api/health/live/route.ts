// Liveness: the web process is up and answering. Never touches the database, so an orchestrator
// does not restart healthy web replicas during a database outage (readiness covers that).
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ ok: true }, { headers: { "cache-control": "no-store" } });
}

// Other methods: the API's 405 JSON with Allow (Next's own has an empty body and no Allow).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
