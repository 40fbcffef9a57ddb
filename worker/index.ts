// The worker process: pg-boss consumers and schedules, plus a heartbeat row that
// /api/health reads. Stops gracefully on SIGTERM/SIGINT (finishes active jobs first).
import os from "node:os";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { createBoss } from "@/lib/jobs/boss";
import { env } from "@/lib/env";
import { warmSandbox } from "@/lib/sandbox/run-in-sandbox";
import { registerHandlers } from "@/worker/register-handlers";
import { lowerPriority } from "@/worker/lower-priority";

const HEARTBEAT_MS = 5_000;
process.env.PGAPPNAME ??= "msp-flow-worker-app"; // this process's database sessions (lib/db/client.ts)

async function main() {
  const id = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const nice = lowerPriority(env().WORKER_NICE); // before the sandbox's and pg-boss's threads start
  warmSandbox(); // while pg-boss starts
  const boss = createBoss("worker");
  await boss.start();
  await registerHandlers(boss, { concurrency: env().WORKER_CONCURRENCY, batchSize: env().WORKER_BATCH_SIZE });

  const beat = () =>
    db().workerHeartbeat.upsert({
      where: { id },
      create: { id, hostname: os.hostname(), pid: process.pid },
      update: { lastBeatAt: new Date() },
    });
  await beat();
  const timer = setInterval(() => beat().catch((e) => console.error(`worker heartbeat failed: ${e.message}`)), HEARTBEAT_MS);
  console.log(`worker ${id} started (concurrency ${env().WORKER_CONCURRENCY}, batches of ${env().WORKER_BATCH_SIZE}, nice ${nice})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`worker stopping (${signal})`);
    clearInterval(timer);
    await boss.stop({ graceful: true, timeout: 10_000 }).catch(() => {});
    await db().workerHeartbeat.delete({ where: { id } }).catch(() => {});
    await db().$disconnect();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((e) => {
  console.error(`worker failed to start: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
