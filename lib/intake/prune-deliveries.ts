// Keeps the deliveries log of a busy workflow bounded between passes of the scheduled
// retention job (lib/retention, hourly): after commits, at most once a minute per workflow and
// process, the same statement and settings trim rows older than the retention period or beyond
// the newest `max`. Without this a flood of deliveries could add millions of rows an hour.
import type pg from "pg";
import { DELETE_DELIVERIES } from "@/lib/retention/retention-sql";

const EVERY_MS = 60_000;
const ROWS_PER_STATEMENT = 5_000;
const STATEMENTS_PER_PASS = 20;

export type DeliveryPruner = (workflowIds: Iterable<string>) => void;

export function createDeliveryPruner(pool: pg.Pool, opts: { days: number; max: number; onError?: (e: unknown) => void }): DeliveryPruner {
  const last = new Map<string, number>();
  let busy = false;
  const due: string[] = [];

  const prune = async (workflowId: string) => {
    // ISO in UTC: the column is a timestamp without time zone holding UTC (Prisma's convention).
    const cutoff = new Date(Date.now() - opts.days * 86_400_000).toISOString();
    for (let i = 0; i < STATEMENTS_PER_PASS; i++) {
      const r = await pool.query({ name: "intake-prune", text: DELETE_DELIVERIES, values: [workflowId, cutoff, opts.max - 1, ROWS_PER_STATEMENT] });
      if ((r.rowCount ?? 0) < ROWS_PER_STATEMENT) return;
    }
  };

  const drain = async () => {
    busy = true;
    try {
      for (let id = due.shift(); id !== undefined; id = due.shift()) await prune(id).catch(opts.onError);
    } finally {
      busy = false;
    }
  };

  return (workflowIds) => {
    const now = Date.now();
    for (const id of workflowIds) {
      if (now - (last.get(id) ?? 0) < EVERY_MS) continue;
      last.set(id, now);
      due.push(id);
    }
    if (last.size > 100_000) last.clear();
    if (due.length > 0 && !busy) void drain();
  };
}
