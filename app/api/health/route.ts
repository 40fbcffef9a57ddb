import { readHealth } from "@/lib/health/read-health";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

export async function GET() {
  const health = await readHealth();
  return Response.json(health, { status: health.ok ? 200 : 503, headers: { "cache-control": "no-store" } });
}

// Other methods: the API's 405 JSON with Allow (Next's own has an empty body and no Allow).
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
