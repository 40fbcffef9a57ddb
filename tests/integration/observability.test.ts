// GET /metrics (token-protected Prometheus text) and the live/ready health split, against the
// production server and a worker on this file's database.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { eventually, startWeb, type Service } from "../helpers/services";
import { startTestServer } from "../helpers/api-server";
import { createHook } from "./intake-fixtures";

const TOKEN = "metrics-token-0123456789abcdef";
const { web, worker } = startTestServer({ tenancy: "none", worker: true, env: { METRICS_TOKEN: TOKEN } });
const extra: Service[] = [];
afterAll(async () => {
  await Promise.all(extra.map((s) => s.stop()));
});

const metrics = (headers: Record<string, string> = {}, base = web.baseUrl) => fetch(`${base}/metrics`, { headers });
const value = (text: string, line: string) => {
  const hit = text.split("\n").find((l) => l.startsWith(`${line} `));
  return hit === undefined ? undefined : Number(hit.slice(line.length + 1));
};

describe("observability", () => {
  it("refuses /metrics without the bearer token", async () => {
    for (const headers of [{}, { authorization: "Bearer wrong" }, { authorization: TOKEN }] as Record<string, string>[]) {
      const res = await metrics(headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: "unauthorized" });
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
  });

  it("answers other methods on /metrics with 405 JSON, OPTIONS included", async () => {
    for (const method of ["POST", "OPTIONS"]) {
      const res = await fetch(`${web.baseUrl}/metrics`, { method, headers: { authorization: `Bearer ${TOKEN}` } });
      expect([method, res.status, res.headers.get("allow")]).toEqual([method, 405, "GET, HEAD"]);
      expect(await res.json()).toEqual({ error: "method_not_allowed" });
    }
  });

  it("reports intake latency, deliveries, runs, step durations, queues and heartbeats", async () => {
    const hook = await createHook();
    const res = await fetch(`${web.baseUrl}/hooks/${hook.token}`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"a":1}' });
    expect(res.status).toBe(202);
    await eventually(async () => (await db().run.findFirst({ where: { workflowId: hook.workflowId, status: "succeeded" } })) !== null, 20_000, "the run");

    const scrape = await metrics({ authorization: `Bearer ${TOKEN}` });
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scrape.text();
    expect(value(text, "msp_flow_db_up")).toBe(1);
    expect(value(text, "msp_flow_intake_request_duration_seconds_count")).toBeGreaterThanOrEqual(1);
    expect(value(text, 'msp_flow_intake_request_duration_seconds_bucket{le="+Inf"}')).toBe(value(text, "msp_flow_intake_request_duration_seconds_count"));
    expect(value(text, 'msp_flow_intake_responses_total{status="202"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'msp_flow_deliveries_recent{outcome="accepted"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'msp_flow_runs{status="succeeded"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'msp_flow_step_duration_seconds_count{kind="code"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^msp_flow_queue_jobs\{queue="run-execute",state="queued"\} \d+$/m);
    expect(text).toMatch(/^msp_flow_worker_heartbeat_age_seconds\{worker="[^"]+"\} [\d.e+-]+$/m);
    // Ids and figures only: the delivery's payload never appears.
    expect(text).not.toContain('"a":1');
  });

  it("splits health into live and ready, keeping /api/health's shape", async () => {
    const live = await fetch(`${web.baseUrl}/api/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ ok: true });
    const ready = await fetch(`${web.baseUrl}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true, db: "up", worker: { alive: true } });
    const health = (await (await fetch(`${web.baseUrl}/api/health`)).json()) as Record<string, unknown>;
    expect(Object.keys(health).sort()).toEqual(["db", "ok", "worker"]);
    expect(health).toMatchObject({ ok: true, db: "up", worker: { lastHeartbeat: expect.any(String) } });

    // No fresh heartbeat: alive still, not ready.
    await db().workerHeartbeat.updateMany({ data: { lastBeatAt: new Date(Date.now() - 3_600_000) } });
    await worker.stop();
    await db().workerHeartbeat.updateMany({ data: { lastBeatAt: new Date(Date.now() - 3_600_000) } });
    expect((await fetch(`${web.baseUrl}/api/health/ready`)).status).toBe(503);
    expect((await fetch(`${web.baseUrl}/api/health/live`)).status).toBe(200);
  });

  it("answers other methods on the health routes with 405 JSON and Allow, and OPTIONS with the same Allow", async () => {
    for (const path of ["/api/health", "/api/health/live", "/api/health/ready"]) {
      for (const method of ["POST", "PUT", "DELETE"]) {
        const r = await fetch(`${web.baseUrl}${path}`, { method });
        expect({ path, status: r.status, allow: r.headers.get("allow"), body: await r.text() }).toEqual({
          path,
          status: 405,
          allow: "GET, HEAD, OPTIONS",
          body: JSON.stringify({ error: "method_not_allowed", message: `${method} is not allowed here; this route takes GET` }),
        });
      }
      const o = await fetch(`${web.baseUrl}${path}`, { method: "OPTIONS" });
      expect([path, o.status, o.headers.get("allow")]).toEqual([path, 204, "GET, HEAD, OPTIONS"]);
    }
  });

  it("answers 404 on /metrics when no token is configured", async () => {
    const bare = await startWeb({ METRICS_TOKEN: "" });
    extra.push(bare);
    const res = await metrics({ authorization: `Bearer ${TOKEN}` }, bare.baseUrl);
    expect(res.status).toBe(404);
    // Not even OPTIONS tells that the endpoint exists.
    const options = await fetch(`${bare.baseUrl}/metrics`, { method: "OPTIONS" });
    expect([options.status, options.headers.get("allow")]).toEqual([404, null]);
  });
});
