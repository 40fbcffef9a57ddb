// Backpressure: with PostgreSQL stopped, the intake answers 503 + Retry-After (JSON) within
// seconds instead of hanging, and accepts again by itself once PostgreSQL is back. Runs on its
// own embedded PostgreSQL (it is stopped mid-test), restarted on the same port.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type RunningPostgres } from "@/lib/db/embedded-postgres";
import { migrateDatabase } from "@/lib/db/migrate";
import { ensureQueues } from "@/lib/jobs/boss";
import { eventually, startWeb, startWorker, type Service, type WebService } from "../helpers/services";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "mspflow-backpressure-"));
chmodSync(dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root
let pgServer: RunningPostgres;
let web: WebService;
let worker: Service;
let hook: { workflowId: string; token: string };
let db: typeof import("@/lib/db/client").db;

beforeAll(async () => {
  pgServer = await startEmbeddedPostgres({ dataDir, database: "app" });
  await migrateDatabase({ url: pgServer.url });
  await ensureQueues(pgServer.url);
  // This file's lib modules must talk to the dedicated server: set before their first use.
  process.env.DATABASE_URL = pgServer.url;
  ({ db } = await import("@/lib/db/client"));
  const { env } = await import("@/lib/env");
  expect(env().DATABASE_URL).toBe(pgServer.url);
  const { createHook } = await import("./intake-fixtures");
  hook = await createHook();
  [web, worker] = await Promise.all([startWeb({ DATABASE_URL: pgServer.url }), startWorker({ DATABASE_URL: pgServer.url })]);
});

afterAll(async () => {
  await Promise.all([web?.stop(), worker?.stop()]);
  await db?.().$disconnect();
  await pgServer?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = async (body: string) => {
  const started = Date.now();
  const res = await fetch(`${web.baseUrl}/hooks/${hook.token}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    signal: AbortSignal.timeout(20_000),
  });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), type: res.headers.get("content-type"), text: await res.text(), ms: Date.now() - started };
};

describe("intake backpressure", () => {
  it("answers 503 + Retry-After while PostgreSQL is down and recovers by itself", async () => {
    expect((await post('{"phase":"before"}')).status).toBe(202);

    await db().$disconnect();
    await pgServer.stop();
    const down = await Promise.all([1, 2, 3].map((i) => post(`{"phase":"down","i":${i}}`)));
    for (const r of down) {
      expect(r.status).toBe(503);
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
      expect(r.type).toMatch(/^application\/json/);
      expect(JSON.parse(r.text)).toMatchObject({ error: "temporarily_unavailable" });
      expect(r.ms).toBeLessThan(8_000);
    }
    // Readiness reports the outage; liveness does not.
    expect((await fetch(`${web.baseUrl}/api/health/ready`)).status).toBe(503);
    expect((await fetch(`${web.baseUrl}/api/health/live`)).status).toBe(200);

    pgServer = await startEmbeddedPostgres({ dataDir, database: "app", port: pgServer.port });
    const after = await eventually(async () => {
      const r = await post('{"phase":"after"}');
      return r.status === 202 ? r : null;
    }, 30_000, "the intake to accept again");
    expect(after.text).toBe('{"received":true}');

    // Nothing from the outage was stored; the deliveries before and after ran.
    const runs = await eventually(async () => {
      const rows = await db().run.findMany({ where: { workflowId: hook.workflowId }, select: { status: true, trigger: true } });
      return rows.length >= 2 && rows.every((r) => r.status === "succeeded") ? rows : null;
    }, 30_000, "both runs to finish");
    const phases = runs.map((r) => (r.trigger as { body?: { phase?: string } } | null)?.body?.phase ?? JSON.stringify(r.trigger));
    expect(runs).toHaveLength(2);
    expect(phases.filter((p) => p.includes("down"))).toEqual([]);
  }, 120_000);
});
