// node:http adapter for GET /metrics in server.ts. METRICS_TOKEN unset: 404, so an endpoint
// nobody configured is not exposed at all; set: `Authorization: Bearer <token>` or 401 JSON.
import { timingSafeEqual, createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { env } from "@/lib/env";
import { renderMetrics } from "@/lib/metrics/render-metrics";

export function isMetricsPath(url: string | undefined): boolean {
  return !!url && (url === "/metrics" || url.startsWith("/metrics?"));
}

// Hashing both sides gives equal lengths, so the comparison is constant-time for any input.
const digest = (v: string) => createHash("sha256").update(v).digest();

export function metricsAuthorized(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? "");
  return !!m && timingSafeEqual(digest(m[1].trim()), digest(token));
}

function json(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

export async function serveMetrics(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const token = env().METRICS_TOKEN;
  if (!token) return json(res, 404, { error: "not_found" });
  if (req.method !== "GET" && req.method !== "HEAD") return json(res, 405, { error: "method_not_allowed" }, { allow: "GET, HEAD" });
  if (!metricsAuthorized(req.headers.authorization, token)) return json(res, 401, { error: "unauthorized" }, { "www-authenticate": 'Bearer realm="metrics"' });
  const body = await renderMetrics();
  res.writeHead(200, { "content-type": "text/plain; version=0.0.4; charset=utf-8", "cache-control": "no-store", "content-length": Buffer.byteLength(body) });
  res.end(req.method === "HEAD" ? undefined : body);
}
