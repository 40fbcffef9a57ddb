// The web process while PostgreSQL is unresponsive (SIGSTOP: connections are accepted, nothing
// is answered) or stopped: /api/health and /api/health/ready answer 503 db "down" within
// seconds, and /api/v1 answers 503 temporarily_unavailable with Retry-After in bounded time —
// never a hang, never a 500 with a stack in the log — and everything answers again once
// PostgreSQL is back. Runs on its own embedded PostgreSQL, restarted on the same port.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type RunningPostgres } from "@/lib/db/embedded-postgres";
import { migrateDatabase } from "@/lib/db/migrate";
import { ensureQueues } from "@/lib/jobs/boss";
import { eventually, startWeb, type WebService } from "../helpers/services";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "mspflow-db-outage-"));
chmodSync(dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root
let pgServer: RunningPostgres;
let web: WebService;
let token: string;
let db: typeof import("@/lib/db/client").db;
let paused: number[] = [];

beforeAll(async () => {
  pgServer = await startEmbeddedPostgres({ dataDir, database: "app" });
  await migrateDatabase({ url: pgServer.url });
  await ensureQueues(pgServer.url);
  process.env.DATABASE_URL = pgServer.url; // before this file's lib modules first connect
  ({ db } = await import("@/lib/db/client"));
  const { createTenancy } = await import("../helpers/api-fixtures");
  token = (await createTenancy()).editor.token;
  web = await startWeb({ DATABASE_URL: pgServer.url });
});

afterAll(async () => {
  signal(paused, "SIGCONT");
  await web?.stop();
  await db?.().$disconnect();
  await pgServer?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

type Answer = { status: number; retryAfter: string | null; body: Record<string, unknown>; ms: number };
async function get(p: string): Promise<Answer> {
  const started = Date.now();
  // The bound here only keeps a hang from outliving the test; the assertions check the real one.
  const res = await fetch(`${web.baseUrl}${p}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(45_000) });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json(), ms: Date.now() - started };
}

const postmasterPid = () => Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);

/** The postmaster's children (each backend is a process group of its own, so -pid misses them). */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((e) => /^\d+$/.test(e))
    .filter((e) => {
      try {
        const stat = readFileSync(`/proc/${e}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false; // exited meanwhile
      }
    })
    .map(Number);
}

function signal(pids: number[], sig: NodeJS.Signals) {
  for (const p of pids) {
    try {
      process.kill(p, sig);
    } catch {
      /* gone */
    }
  }
}

function expectUnavailable(r: Answer, withinMs: number) {
  expect(r.status).toBe(503);
  expect(r.body).toMatchObject({ error: "temporarily_unavailable", message: expect.stringMatching(/database unavailable/) });
  expect(Number(r.retryAfter)).toBeGreaterThan(0);
  expect(r.ms).toBeLessThan(withinMs);
}

describe("the web process while PostgreSQL is unavailable", () => {
  it("answers 503 in bounded time while PostgreSQL hangs, and recovers", async () => {
    // Warm: the web process holds open connections, as a running server does.
    expect((await get("/api/v1/workspaces")).status).toBe(200);
    const logFrom = web.output().length;

    // The postmaster first (it forks no more backends), then every process it started.
    const postmaster = postmasterPid();
    paused = [postmaster];
    signal(paused, "SIGSTOP");
    paused.push(...childrenOf(postmaster));
    signal(paused, "SIGSTOP");
    try {
      const [health, ready, api] = await Promise.all([get("/api/health"), get("/api/health/ready"), get("/api/v1/workspaces")]);
      for (const h of [health, ready]) {
        expect(h.status).toBe(503);
        expect(h.body).toMatchObject({ ok: false, db: "down" });
        expect(h.ms).toBeLessThan(10_000);
      }
      // At most the client-side query timeout (20 s) on a connection that was open before.
      expectUnavailable(api, 30_000);
      // A second request finds no usable open connection either; still bounded.
      expectUnavailable(await get("/api/v1/workspaces"), 30_000);
    } finally {
      signal(paused, "SIGCONT");
      paused = [];
    }
    await eventually(async () => (await get("/api/v1/workspaces")).status === 200, 30_000, "the API to answer again");
    expect((await get("/api/health")).body).toMatchObject({ db: "up" });
    // One JSON line per failed request, no multi-line stack.
    const log = web.output().slice(logFrom);
    expect(log).not.toMatch(/unhandled API error|^\s+at /m);
    expect(log).toMatch(/"msg":"database unavailable/);
  }, 150_000);

  it("answers 503 temporarily_unavailable, not 500, while PostgreSQL is stopped", async () => {
    expect((await get("/api/v1/workspaces")).status).toBe(200);
    const logFrom = web.output().length;
    await pgServer.stop();
    expectUnavailable(await get("/api/v1/workspaces"), 10_000);
    expectUnavailable(await get("/api/v1/workspaces"), 10_000);
    expect((await get("/api/health/ready")).status).toBe(503);
    const log = web.output().slice(logFrom);
    expect(log).not.toMatch(/unhandled API error|^\s+at /m);
    expect(log).toMatch(/"msg":"database unavailable/);

    pgServer = await startEmbeddedPostgres({ dataDir, database: "app", port: pgServer.port });
    await eventually(async () => (await get("/api/v1/workspaces")).status === 200, 30_000, "the API to answer again");
  }, 120_000);
});
