// Prometheus scrape endpoint (lib/metrics/serve-metrics.ts has the rules). Outside /api: it
// takes its own bearer token, never a session, and the page proxy leaves it alone.
import { serveMetrics } from "@/lib/metrics/serve-metrics";

export const dynamic = "force-dynamic";

async function handle(request: Request): Promise<Response> {
  const r = await serveMetrics({ method: request.method, authorization: request.headers.get("authorization") });
  return new Response(r.body || null, { status: r.status, headers: r.headers });
}

// OPTIONS too: Next's own OPTIONS answer would list methods and tell an unconfigured endpoint exists.
export { handle as GET, handle as HEAD, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as OPTIONS };
