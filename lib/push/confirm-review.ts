// POST /workflows/{id}/review/confirm: the client states it reviewed the pushed configuration.
// The confirmation is one checklist item; a later push starts the review over.
import { notFound } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { loadReview, type ReviewView } from "@/lib/push/load-review";
import { loadWorkflow } from "@/lib/workflows/load-workflow";

export type ConfirmReviewOptions = { workflowId: string; user: { id: string; email: string }; tx?: Tx };

export async function confirmReview({ workflowId, user, tx }: ConfirmReviewOptions): Promise<ReviewView> {
  const write = async (t: Tx) => {
    const workflow = await loadWorkflow({ workflowId, userId: user.id, role: "editor", tx: t, lock: true });
    const { count } = await t.workflowCopy.updateMany({ where: { copyWorkflowId: workflow.id }, data: { reviewedAt: new Date(), reviewedById: user.id } });
    if (count === 0) throw notFound("review");
    const review = (await loadReview({ workflow, tx: t }))!;
    await recordAuditEvent({
      workspaceId: workflow.workspaceId,
      workflowId: workflow.id,
      actor: user,
      action: "reviewed",
      details: { complete: review.complete, missing: review.missing.map((m) => m.message) },
      tx: t,
    });
    return review;
  };
  return tx ? write(tx) : db().$transaction(write);
}
