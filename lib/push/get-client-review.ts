// GET /workflows/{id}/review: the checklist of a pushed copy; {"pushed": false} for a workflow
// that did not arrive by push (nothing to review, Go live is not gated).
import type { Tx } from "@/lib/db/client";
import { loadReview, type ReviewView } from "@/lib/push/load-review";
import { loadWorkflow } from "@/lib/workflows/load-workflow";

export type GetClientReviewOptions = { workflowId: string; userId: string; tx?: Tx };

export async function getClientReview({ workflowId, userId, tx }: GetClientReviewOptions): Promise<ReviewView | { workflowId: string; pushed: false }> {
  const workflow = await loadWorkflow({ workflowId, userId, role: "viewer", tx });
  return (await loadReview({ workflow, tx })) ?? { workflowId, pushed: false };
}
