// GET /metrics, whichever server hosts Next (app/metrics/route.ts). METRICS_TOKEN unset: 404,
// so an endpoint nobody configured is not exposed at all; set: `Authorization: Bearer <token>`
// or 401 JSON.
import { timingSafeEqual, createHash } from "node:crypto";
import { jsonResponse as json, type PlainResponse } from "@/lib/api/plain-response";
import { env } from "@/lib/env";
import { renderMetrics } from "@/lib/metrics/render-metrics";

export type MetricsResponse = PlainResponse;

// Hashing both sides gives equal lengths, so the comparison is constant-time for any input.
const digest = (v: string) => createHash("sha256").update(v).digest();

export function metricsAuthorized(header: string | null | undefined, token: string): boolean {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? "");
  return !!m && timingSafeEqual(digest(m[1].trim()), digest(token));
}

export async function serveMetrics(req: { method: string; authorization: string | null }): Promise<MetricsResponse> {
  const token = env().METRICS_TOKEN;
  if (!token) return json(404, { error: "not_found" });
  if (req.method !== "GET" && req.method !== "HEAD") return json(405, { error: "method_not_allowed" }, { allow: "GET, HEAD" });
  if (!metricsAuthorized(req.authorization, token)) return json(401, { error: "unauthorized" }, { "www-authenticate": 'Bearer realm="metrics"' });
  const body = await renderMetrics();
  return { status: 200, headers: { "content-type": "text/plain; version=0.0.4; charset=utf-8", "cache-control": "no-store" }, body: req.method === "HEAD" ? "" : body };
}
