// The process-wide intake: a raw pg pool (the hot path skips Prisma), the batched token
// lookup, the group commit and the deliveries-log pruner, created on first use and shared by
// whichever adapter (custom server or Next route) calls it.
import pg from "pg";
import type { PgBoss } from "pg-boss";
import { databaseUrl, env } from "@/lib/env";
import { createBoss, ensureQueues } from "@/lib/jobs/boss";
import { QUEUES } from "@/lib/jobs/queues";
import { decryptSecret } from "@/lib/secrets/crypto";
import { createGroupCommit } from "@/lib/intake/group-commit";
import { createDeliveryHandler, type IntakeRequest } from "@/lib/intake/handle-delivery";
import { createEndpointLookup } from "@/lib/intake/lookup-endpoints";
import { createDeliveryPruner } from "@/lib/intake/prune-deliveries";
import type { IntakeResponse } from "@/lib/intake/responses";
import { writeBatch } from "@/lib/intake/write-batch";
import { observeIntake } from "@/lib/metrics/intake-latency";
import { errorMessage, logger } from "@/lib/log";

export type { IntakeRequest, IntakeResponse };

type Intake = (req: IntakeRequest) => Promise<IntakeResponse>;
const g = globalThis as unknown as { __intake?: Intake };
// Messages only: the intake never logs payloads, headers or tokens.
const log = (what: string, e: unknown) => logger().error({ component: "intake", err: errorMessage(e) }, `intake: ${what}`);

// Our own producer rather than the shared one: if the database is down when the first
// delivery arrives, this one is retried with the next batch instead of failing for good.
async function startBoss(): Promise<PgBoss> {
  const boss = createBoss("producer");
  try {
    await boss.start();
    // Test and fresh databases may not have the queue yet; ensureQueues is idempotent.
    if (!(await boss.getQueue(QUEUES.runExecute.name))) await ensureQueues();
    return boss;
  } catch (e) {
    await boss.stop({ graceful: false }).catch(() => {});
    throw e;
  }
}

function createIntake(): Intake {
  const pool = new pg.Pool({
    connectionString: databaseUrl(),
    application_name: "msp-flow-intake",
    max: 6,
    connectionTimeoutMillis: 5_000,
    // A stuck database must turn into 503s, not into requests that hang forever.
    statement_timeout: 15_000,
    // statement_timeout needs a server that answers; these bound a dead or partitioned one too.
    query_timeout: 20_000,
    keepAlive: true,
  });
  pool.on("error", (e) => log("idle connection lost", e));
  let boss: Promise<PgBoss> | undefined;
  const bossReady = () => {
    boss ??= startBoss().catch((e) => {
      boss = undefined; // try again with the next batch
      throw e;
    });
    return boss;
  };
  const prune = createDeliveryPruner(pool, {
    days: env().DELIVERY_RETENTION_DAYS,
    max: env().DELIVERY_RETENTION_MAX,
    onError: (e) => log("pruning the deliveries log failed", e),
  });
  const commit = createGroupCommit({
    write: async (entries) => {
      const results = await writeBatch(pool, await bossReady(), entries);
      prune(new Set(entries.flatMap((e) => (e.kind === "none" ? [] : [e.delivery.workflowId]))));
      return results;
    },
    onError: (e) => log("batch commit failed", e),
  });
  const secrets = new Map<string, string>();
  return createDeliveryHandler({
    lookup: createEndpointLookup(pool),
    commit: commit.submit,
    decrypt: (stored) => {
      let plain = secrets.get(stored);
      if (plain === undefined) {
        if (secrets.size > 10_000) secrets.clear();
        plain = decryptSecret(stored);
        secrets.set(stored, plain);
      }
      return plain;
    },
    onError: log,
  });
}

/** Handles one delivery to /hooks/<token>. */
export function handleDelivery(req: IntakeRequest): Promise<IntakeResponse> {
  g.__intake ??= createIntake();
  const started = performance.now();
  return g.__intake(req).then((res) => (observeIntake(started, res.status), res));
}
