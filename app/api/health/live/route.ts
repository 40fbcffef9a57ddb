// Liveness: the web process is up and answering. Never touches the database, so an orchestrator
// does not restart healthy web replicas during a database outage (readiness covers that).
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ ok: true }, { headers: { "cache-control": "no-store" } });
}
