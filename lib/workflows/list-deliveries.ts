// The deliveries log of a workflow, newest first: what reached the workflow's URLs, current or
// rotated, and what became of each request. A request that made a run is recorded on that run
// (lib/intake/write-batch.ts), so the log is the runs that carry a delivery merged with the
// Delivery rows of requests that made none; each side is read through its workflow/time index.
// Older pages continue from a cursor (lib/workflows/deliveries-cursor.ts): time, then id.
import { db, type Tx } from "@/lib/db/client";
import { deliveriesCursorAfter, type DeliveriesCursor } from "@/lib/workflows/deliveries-cursor";
import { loadWorkflow } from "@/lib/workflows/load-workflow";

export type DeliveryView = {
  id: string;
  receivedAt: string;
  size: number;
  outcome: string;
  runId: string | null;
  contentType: string | null;
  /** Why a refused request was refused, where the outcome does not say (a signature's cause); absent otherwise. */
  reason?: string;
};

export type DeliveryLogEntry = Omit<DeliveryView, "receivedAt" | "reason"> & { receivedAt: Date; endpointId: string; reason: string | null };

// Times are stored as UTC timestamp(3): the cursor's ISO time is compared as such. The range
// on the time column is what the indexes serve; the id only breaks ties within a millisecond.
const after = (time: string, cursor: DeliveriesCursor | null) =>
  !cursor ? "" : cursor.id === null ? ` AND ${time} < ($3::timestamptz AT TIME ZONE 'UTC')` : ` AND ${time} <= ($3::timestamptz AT TIME ZONE 'UTC') AND (${time} < ($3::timestamptz AT TIME ZONE 'UTC') OR id < $4)`;

// An accepted delivery's entry has its run's id as its own.
const logSql = (cursor: DeliveriesCursor | null) => `
SELECT * FROM (
  (SELECT id, "receivedAt", size, outcome::text AS outcome, NULL::text AS "runId", "contentType", "endpointId", reason
     FROM "Delivery" WHERE "workflowId" = $1${after(`"receivedAt"`, cursor)}
    ORDER BY "receivedAt" DESC, id DESC LIMIT $2)
  UNION ALL
  (SELECT id, "createdAt", "deliverySize", 'accepted', id, "deliveryContentType", "deliveryEndpointId", NULL
     FROM "Run" WHERE "workflowId" = $1 AND "deliveryEndpointId" IS NOT NULL${after(`"createdAt"`, cursor)}
    ORDER BY "createdAt" DESC, id DESC LIMIT $2)
) log
ORDER BY "receivedAt" DESC, id DESC LIMIT $2`;

/** The newest `limit` entries of a workflow's deliveries log (older than `before` when given), without an access check. */
export function readDeliveryLog(workflowId: string, limit: number, tx?: Tx, before: DeliveriesCursor | null = null): Promise<DeliveryLogEntry[]> {
  const params: unknown[] = [workflowId, limit];
  if (before) params.push(before.at.toISOString());
  if (before?.id) params.push(before.id);
  return (tx ?? db()).$queryRawUnsafe<DeliveryLogEntry[]>(logSql(before), ...params);
}

export type ListDeliveriesOptions = { workflowId: string; userId: string; limit: number; before?: DeliveriesCursor | null; tx?: Tx };

/** A page of the log; `nextBefore` continues it (null when nothing older is left). */
export async function listDeliveries({ workflowId, userId, limit, before = null, tx }: ListDeliveriesOptions): Promise<{ deliveries: DeliveryView[]; nextBefore: string | null }> {
  await loadWorkflow({ workflowId, userId, role: "viewer", tx });
  // One row more than the page says whether an older page exists: a last page that is exactly
  // full must not offer a cursor to an empty one.
  const read = await readDeliveryLog(workflowId, limit + 1, tx, before);
  const rows = read.slice(0, limit);
  return {
    deliveries: rows.map((d) => ({
      id: d.id,
      receivedAt: d.receivedAt.toISOString(),
      size: d.size,
      outcome: d.outcome,
      runId: d.runId,
      contentType: d.contentType,
      ...(d.reason ? { reason: d.reason } : {}),
    })),
    nextBefore: read.length > limit ? deliveriesCursorAfter(rows[rows.length - 1]) : null,
  };
}
