// The deliveries log of a workflow (rows written by lib/intake), newest first. It shows what
// reached the workflow's URLs, current or rotated, and what became of each request.
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

export type ListDeliveriesOptions = { workflowId: string; userId: string; limit: number; tx?: Tx };

export async function listDeliveries({ workflowId, userId, limit, tx }: ListDeliveriesOptions): Promise<{ deliveries: DeliveryView[] }> {
  await loadWorkflow({ workflowId, userId, role: "viewer", tx });
  const rows = await (tx ?? db()).delivery.findMany({
    where: { workflowId },
    orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
    take: limit,
  });
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
