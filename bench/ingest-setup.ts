// Set-up for the ingest benchmark: database (DATABASE_URL or an embedded PostgreSQL in a
// temporary folder), migrations and queues, the production web server and a worker as child
// processes, a bare node:http 202 server for comparison, and the benchmark's workflows.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb, type Db } from "@/lib/db/client";
import { freePort, startEmbeddedPostgres } from "@/lib/db/embedded-postgres";
import { migrateDatabase } from "@/lib/db/migrate";
import { ensureQueues } from "@/lib/jobs/boss";
import { encryptSecret } from "@/lib/secrets/crypto";
import { generateWebhookToken } from "@/lib/triggers/generate-webhook-token";

export const root = path.resolve(import.meta.dirname, "..");

export type Child = { proc: ChildProcess; output: () => string; stop: () => Promise<void> };

export function startChild(args: string[], env: Record<string, string>, ready: RegExp): Promise<Child> {
  const proc = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  const child: Child = {
    proc,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
        setTimeout(() => proc.kill("SIGKILL"), 10_000).unref();
      }),
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(" ")} did not start:\n${out}`)), 120_000);
    const onData = (c: Buffer) => {
      out = (out + c.toString()).slice(-20_000);
      if (ready.test(out)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    proc.stdout!.on("data", onData);
    proc.stderr!.on("data", onData);
    proc.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(" ")} exited (${code}):\n${out}`));
    });
  });
}

/** A database for the run; `cleanup` stops an embedded server and removes its folder. */
export async function benchDatabase(url: string | undefined, log: (l: string) => void) {
  if (url) {
    await migrateDatabase({ url, log });
    await ensureQueues(url);
    return { url, dataDir: undefined, cleanup: async () => {} };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "mspflow-bench-"));
  chmodSync(dataDir, 0o755); // PostgreSQL runs as the postgres user when we are root
  const pg = await startEmbeddedPostgres({ dataDir, database: "bench", log });
  log(`embedded PostgreSQL on port ${pg.port}`);
  await migrateDatabase({ url: pg.url, log });
  await ensureQueues(pg.url);
  return {
    url: pg.url,
    dataDir,
    cleanup: async () => {
      await pg.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Environment of the children; the same SECRET_KEY as this process, so secrets decrypt. */
export function benchEnv(url: string, secretKey: string): Record<string, string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "mspflow-bench-data-"));
  process.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
  return {
    DATABASE_URL: url,
    SECRET_KEY: secretKey,
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    // Benches count runs; the retention pass (hourly by default) must not delete any mid-bench.
    RETENTION_CRON: "0 0 1 1 *",
    LOG_LEVEL: "warn",
  };
}

export async function startWebServer(env: Record<string, string>) {
  const port = await freePort();
  const child = await startChild(["--import", "tsx", "server.ts"], { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }, /web listening/);
  return { ...child, baseUrl: `http://127.0.0.1:${port}` };
}

export const startWorkerProcess = (env: Record<string, string>) => startChild(["--import", "tsx", "worker/index.ts"], env, /worker .* started/);

// The comparison: the least a node:http server can do per delivery (read the body, answer 202).
const BARE = `
const http = require("node:http");
const body = '{"received":true}';
const s = http.createServer((req, res) => {
  req.on("data", () => {});
  req.on("end", () => { res.writeHead(202, { "content-type": "application/json", "content-length": body.length }); res.end(body); });
});
s.keepAliveTimeout = 65000;
s.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("bare listening"));
process.on("SIGTERM", () => process.exit(0));`;

export async function startBareServer() {
  const port = await freePort();
  const child = await startChild(["-e", BARE], { PORT: String(port) }, /bare listening/);
  return { ...child, baseUrl: `http://127.0.0.1:${port}` };
}

export type BenchHook = { workflowId: string; token: string };

export async function createBenchHook(db: Db, name: string, secret?: string): Promise<BenchHook> {
  const ws = await db.workspace.create({ data: { name: `bench ${name}`, kind: "provider" } });
  const stepId = randomUUID();
  const config = secret ? { sharedSecretEncrypted: encryptSecret(secret), signatureHeader: "X-Hub-Signature-256" } : {};
  const wf = await db.workflow.create({
    data: { workspaceId: ws.id, name: `bench ${name}`, mode: "live", steps: [{ id: stepId, kind: "webhook", name: "Webhook", config }] },
  });
  const ep = await db.webhookEndpoint.create({ data: { workflowId: wf.id, stepId, token: generateWebhookToken() } });
  return { workflowId: wf.id, token: ep.token };
}

export { createDb };
