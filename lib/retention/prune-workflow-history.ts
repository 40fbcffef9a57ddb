// Applies the retention settings to one workflow, batch by batch, until nothing is left to do.
// Each statement is its own short transaction (see retention-sql.ts); between batches the
// event loop gets a turn so a worker's other consumers and heartbeats are not starved.
import { db } from "@/lib/db/client";
import { CLEAR_RUN_PAYLOADS, CLEAR_STEP_OUTPUTS, DELETE_DELIVERIES, DELETE_RUNS } from "@/lib/retention/retention-sql";

export type RetentionSettings = {
  runDays: number;
  runsPerWorkflow: number;
  stepOutputDays: number;
  deliveryDays: number;
  deliveriesPerWorkflow: number;
  batchSize: number;
};

/** stepOutputs: step records cleared; payloads: runs whose trigger payload was cleared. */
export type PruneCounts = { runs: number; stepOutputs: number; payloads: number; deliveries: number };

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

async function repeat(statement: () => Promise<number>, batchSize: number): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await statement();
    total += n;
    if (n < batchSize) return total;
    await new Promise((r) => setImmediate(r));
  }
}

export async function pruneWorkflowHistory(opts: { workflowId: string; settings: RetentionSettings; now?: Date }): Promise<PruneCounts> {
  const { workflowId, settings: s } = opts;
  const now = opts.now ?? new Date();
  const exec = (sql: string, ...values: unknown[]) => db().$executeRawUnsafe(sql, workflowId, ...values);
  // Runs first, so outputs are not cleared on rows about to be deleted anyway.
  const runs = await repeat(() => exec(DELETE_RUNS, daysAgo(now, s.runDays), s.runsPerWorkflow - 1, s.batchSize), s.batchSize);
  const outputsBefore = daysAgo(now, s.stepOutputDays);
  const stepOutputs = await repeat(() => exec(CLEAR_STEP_OUTPUTS, outputsBefore, s.batchSize), s.batchSize);
  // After the steps: a run marked cleared has no step output left to show.
  const payloads = await repeat(() => exec(CLEAR_RUN_PAYLOADS, outputsBefore, now.toISOString(), s.batchSize), s.batchSize);
  const deliveries = await repeat(
    () => exec(DELETE_DELIVERIES, daysAgo(now, s.deliveryDays), s.deliveriesPerWorkflow - 1, s.batchSize),
    s.batchSize,
  );
  return { runs, stepOutputs, payloads, deliveries };
}
