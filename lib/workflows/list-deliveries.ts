// The deliveries log of a workflow, newest first: what reached the workflow's URLs, current or
// rotated, and what became of each request. A request that made a run is recorded on that run
// (lib/intake/write-batch.ts), so the log is the runs that carry a delivery merged with the
// Delivery rows of requests that made none; each side is read through its workflow/time index.
import { db, type Tx } from "@/lib/db/client";
import { loadWorkflow } from "@/lib/workflows/load-workflow";

export type DeliveryView = {
  id: string;
  receivedAt: string;
  size: number;
  outcome: string;
  runId: string | null;
  contentType: string | null;
};

export type DeliveryLogEntry = Omit<DeliveryView, "receivedAt"> & { receivedAt: Date; endpointId: string };

// An accepted delivery's entry has its run's id as its own.
const LOG_SQL = `
SELECT * FROM (
  (SELECT id, "receivedAt", size, outcome::text AS outcome, NULL::text AS "runId", "contentType", "endpointId"
     FROM "Delivery" WHERE "workflowId" = $1
    ORDER BY "receivedAt" DESC, id DESC LIMIT $2)
  UNION ALL
  (SELECT id, "createdAt", "deliverySize", 'accepted', id, "deliveryContentType", "deliveryEndpointId"
     FROM "Run" WHERE "workflowId" = $1 AND "deliveryEndpointId" IS NOT NULL
    ORDER BY "createdAt" DESC, id DESC LIMIT $2)
) log
ORDER BY "receivedAt" DESC, id DESC LIMIT $2`;

/** The newest `limit` entries of a workflow's deliveries log, without an access check. */
export function readDeliveryLog(workflowId: string, limit: number, tx?: Tx): Promise<DeliveryLogEntry[]> {
  return (tx ?? db()).$queryRawUnsafe<DeliveryLogEntry[]>(LOG_SQL, workflowId, limit);
}

export type ListDeliveriesOptions = { workflowId: string; userId: string; limit: number; tx?: Tx };

export async function listDeliveries({ workflowId, userId, limit, tx }: ListDeliveriesOptions): Promise<{ deliveries: DeliveryView[] }> {
  await loadWorkflow({ workflowId, userId, role: "viewer", tx });
  const rows = await readDeliveryLog(workflowId, limit, tx);
  return {
    deliveries: rows.map((d) => ({
      id: d.id,
      receivedAt: d.receivedAt.toISOString(),
      size: d.size,
      outcome: d.outcome,
      runId: d.runId,
      contentType: d.contentType,
    })),
  };
}
