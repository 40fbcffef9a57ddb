// The worker process: pg-boss consumers and schedules, plus a heartbeat row that
// /api/health reads. Stops gracefully on SIGTERM/SIGINT (finishes active jobs first).
import os from "node:os";
import { randomUUID } from "node:crypto";
import { db, keepSessionOpen, setStatementLimits } from "@/lib/db/client";
import { waitForDatabase } from "@/lib/db/wait-for-database";
import { errorFields } from "@/lib/error-fields";
import { recordHeartbeat } from "@/lib/health/record-heartbeat";
import { createBoss } from "@/lib/jobs/boss";
import { env, generateSecretKeyAtCheck } from "@/lib/env";
import { lifecycleLogger, logger } from "@/lib/log";
import { sandboxStopping, warmSandbox } from "@/lib/sandbox/run-in-sandbox";
import { verifySecretKey } from "@/lib/secrets/verify-secret-key";
import { registerHandlers } from "@/worker/register-handlers";
import { lowerPriority } from "@/worker/lower-priority";
import { stopWithLauncher } from "@/lib/stop-with-launcher";
import { exitOnStartFailure } from "@/lib/start-up-failure";

const HEARTBEAT_MS = 5_000;
process.env.PGAPPNAME = "msp-flow-worker-app"; // its database sessions, whatever the environment says (lib/db/list-app-sessions.ts)
// Nobody waits on the worker's statements, and one cancelled is work failed for nothing: a
// minute, where the web's requests get 15 s. Its longest are retention's batched deletes,
// ~0.1 s each for RETENTION_BATCH_SIZE 1,000 (bench:retention); the limit only has to end a
// statement stuck on a server that stopped answering.
setStatementLimits({ statementMs: 60_000, queryMs: 70_000 });
keepSessionOpen();
generateSecretKeyAtCheck(); // a missing DATA_DIR/secret-key only for a database without a key (verifySecretKey)
const log = () => logger().child({ component: "worker" });
const lifecycle = () => lifecycleLogger("worker"); // started and stopping, at any LOG_LEVEL but silent

// Under npm start: not left running, nor its sandbox children (they leave with it), if the launcher is killed.
stopWithLauncher((line) => lifecycle().warn(line));

async function main() {
  const id = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  // A key that cannot read the stored secrets is refused before any job; an unreachable
  // database is waited for (lib/db/wait-for-database.ts).
  await waitForDatabase("worker", () => verifySecretKey());
  const nice = lowerPriority(env().WORKER_NICE); // before the sandbox's and pg-boss's threads start
  warmSandbox(); // while pg-boss starts
  const boss = createBoss("worker");
  await boss.start();
  let stopping = false;
  const { runsSettled } = await registerHandlers(boss, { concurrency: env().WORKER_CONCURRENCY, batchSize: env().WORKER_BATCH_SIZE, stopping: () => stopping });

  const beat = () => recordHeartbeat({ id, hostname: os.hostname(), pid: process.pid });
  await beat();
  const timer = setInterval(() => beat().catch((e) => log().error({ worker: id, ...errorFields(e) }, "worker heartbeat failed")), HEARTBEAT_MS);
  lifecycle().info(
    { worker: id, concurrency: env().WORKER_CONCURRENCY, batchSize: env().WORKER_BATCH_SIZE, nice },
    `worker ${id} started (concurrency ${env().WORKER_CONCURRENCY}, batches of ${env().WORKER_BATCH_SIZE}, nice ${nice})`,
  );

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle().info({ worker: id, signal }, `worker stopping (${signal})`);
    clearInterval(timer);
    // A Code step whose sandbox process ends from now on is interrupted, not failed: the run
    // resumes on the next start (the children ignore the signal itself: sandbox-child.ts).
    sandboxStopping();
    // Runs still executing after 10 s are aborted (their jobs failed, so retried). The pool stays
    // open until the handlers have returned: closed under them, their last writes and pg-boss's
    // own completion failed with error lines ("Database connection is not opened") in an
    // orderly stop. Bounded: a handler that does not return does not hold the exit.
    await boss.stop({ graceful: true, timeout: 10_000, close: false }).catch(() => {});
    await Promise.race([runsSettled(), new Promise((r) => setTimeout(r, 3_000).unref())]); // npm start waits 15 s in all
    await boss.stop({ close: true }).catch(() => {});
    await db().workerHeartbeat.delete({ where: { id } }).catch(() => {});
    await db().$disconnect();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

// One JSON line, even for a configuration error (the logger is then built without it).
main().catch((e) => exitOnStartFailure("worker", e));
