// Keeps the deliveries log bounded per workflow: rows older than the retention period, or
// beyond the newest `max`, are deleted. Runs in the background after commits, at most once a
// minute per workflow and process, using the (workflowId, receivedAt) index.
import type pg from "pg";

const SQL = `
DELETE FROM "Delivery" WHERE id IN (
  SELECT id FROM "Delivery"
   WHERE "workflowId" = $1
     AND "receivedAt" < GREATEST(
           now() - make_interval(days => $2::int),
           COALESCE((SELECT "receivedAt" FROM "Delivery" WHERE "workflowId" = $1
                      ORDER BY "receivedAt" DESC OFFSET $3::int LIMIT 1), '-infinity'))
   LIMIT 20000)`;

const EVERY_MS = 60_000;

export type DeliveryPruner = (workflowIds: Iterable<string>) => void;

export function createDeliveryPruner(pool: pg.Pool, opts: { days: number; max: number; onError?: (e: unknown) => void }): DeliveryPruner {
  const last = new Map<string, number>();
  let busy = false;
  const due: string[] = [];

  const drain = async () => {
    busy = true;
    try {
      for (let id = due.shift(); id !== undefined; id = due.shift()) {
        await pool.query({ name: "intake-prune", text: SQL, values: [id, opts.days, opts.max - 1] }).catch(opts.onError);
      }
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
