// The process-wide intake: a raw pg pool (the hot path skips Prisma), the batched token
// lookup, the group commit and the deliveries-log pruner, created on first use and shared by
// whichever adapter (custom server or Next route) calls it.
import pg from "pg";
import { databaseUrl, env } from "@/lib/env";
import { ensureQueues } from "@/lib/jobs/boss";
import { decryptSecret } from "@/lib/secrets/crypto";
import { createGroupCommit } from "@/lib/intake/group-commit";
import { INDEX_PLANS_ONLY } from "@/lib/db/index-plans-only";
import { poolBounds } from "@/lib/db/pool-bounds";
import { createDeliveryHandler, type IntakeRequest } from "@/lib/intake/handle-delivery";
import { createEndpointLookup } from "@/lib/intake/lookup-endpoints";
import { createDeliveryPruner } from "@/lib/intake/prune-deliveries";
import { INTERNAL_ERROR, type IntakeResponse } from "@/lib/intake/responses";
import { createWorkerWaker } from "@/lib/intake/wake-workers";
import { readJobTable, writeBatch, type JobTable } from "@/lib/intake/write-batch";
import { observeIntake } from "@/lib/metrics/intake-latency";
import { errorMessage, logger } from "@/lib/log";

export type { IntakeRequest, IntakeResponse };

type Intake = (req: IntakeRequest) => Promise<IntakeResponse>;
const g = globalThis as unknown as { __intake?: Intake };
// Messages only: the intake never logs payloads, headers or tokens.
const log = (what: string, e: unknown) => logger().error({ component: "intake", err: errorMessage(e) }, `intake: ${what}`);

// Test and fresh databases may not have pg-boss's schema and queues yet; ensureQueues is idempotent.
async function findJobTable(pool: pg.Pool): Promise<JobTable> {
  const table = await readJobTable(pool).catch(() => null);
  if (table) return table;
  await ensureQueues();
  const created = await readJobTable(pool);
  if (!created) throw new Error("the run-execute queue does not exist");
  return created;
}

/**
 * What the intake's sessions run with. The token lookup is a prepared statement whose parameter
 * is an array; PostgreSQL kept choosing a custom plan for it, i.e. planning it again on every
 * execution (~160 µs, more than running it), so the plan is forced generic. Made on a new
 * install (a handful of webhook URLs), that one plan scanned the whole of "WebhookEndpoint" for
 * every lookup however large it grew (tests/integration/intake-lookup-plan.test.ts), hence
 * INDEX_PLANS_ONLY; the batch write's plans are the same either way.
 */
export const INTAKE_SESSION_SETTINGS = `SET plan_cache_mode = force_generic_plan; ${INDEX_PLANS_ONLY}`;

function createIntake(): Intake {
  const pool = new pg.Pool({
    connectionString: databaseUrl(),
    application_name: "msp-flow-intake",
    max: 6,
    ...poolBounds(),
    // Run on each new connection before the pool hands it out (awaited by pg-pool). Not a query
    // queued from the "connect" event: pg warned at every start that a busy client was queried,
    // a pattern pg 9 removes. Not startup `options` either, which poolers like PgBouncer refuse.
    onConnect: (client) => client.query(INTAKE_SESSION_SETTINGS),
  });
  pool.on("error", (e) => log("idle connection lost", e));
  // If the database is down when the first delivery arrives, this is tried again with the next batch.
  let jobTable: Promise<JobTable> | undefined;
  const jobTableReady = () => {
    jobTable ??= findJobTable(pool).catch((e) => {
      jobTable = undefined;
      throw e;
    });
    return jobTable;
  };
  const prune = createDeliveryPruner(pool, {
    days: env().DELIVERY_RETENTION_DAYS,
    max: env().DELIVERY_RETENTION_MAX,
    onError: (e) => log("pruning the deliveries log failed", e),
  });
  const wakeWorkers = createWorkerWaker(pool, (e) => log("waking the workers failed", e));
  const commit = createGroupCommit({
    write: async (entries) => {
      const results = await writeBatch(pool, await jobTableReady(), entries);
      if (entries.some((e) => e.kind === "run")) wakeWorkers();
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

/** Handles one delivery to /hooks/<token>; never rejects (both adapters answer what it returns). */
export async function handleDelivery(req: IntakeRequest): Promise<IntakeResponse> {
  const started = performance.now();
  let res: IntakeResponse;
  try {
    g.__intake ??= createIntake();
    res = await g.__intake(req);
  } catch (e) {
    log("unexpected failure", e);
    res = INTERNAL_ERROR;
  }
  observeIntake(started, res.status);
  return res;
}
