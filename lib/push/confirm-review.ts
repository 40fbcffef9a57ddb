// POST /workflows/{id}/review/confirm: the client states it reviewed the pushed configuration.
// The confirmation is one checklist item; a later push starts the review over. A page (or script)
// that sends the `pushCount` of the review it showed confirms that push only: when the provider
// pushed again since, the answer is 409 `review_changed` and nothing is recorded — the client would
// otherwise confirm steps it never saw. Left out, the confirmation is of whatever push is current.
import { conflict, notFound } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { loadReview, type ReviewView } from "@/lib/push/load-review";
import { loadWorkflow } from "@/lib/workflows/load-workflow";
import { z } from "@/lib/z";

export const confirmReviewInputSchema = z.object({ pushCount: z.number().int().positive().optional() }).strict();
export type ConfirmReviewInput = z.infer<typeof confirmReviewInputSchema>;

export type ConfirmReviewOptions = { workflowId: string; user: { id: string; email: string }; input?: ConfirmReviewInput; tx?: Tx };

export async function confirmReview({ workflowId, user, input = {}, tx }: ConfirmReviewOptions): Promise<ReviewView> {
  const write = async (t: Tx) => {
    // The copy's row lock orders this after a push in progress (which locks it too): the push
    // count read below is the one the confirmation is recorded against.
    const workflow = await loadWorkflow({ workflowId, userId: user.id, role: "editor", tx: t, lock: true });
    const link = await t.workflowCopy.findUnique({ where: { copyWorkflowId: workflow.id }, select: { pushCount: true, sourceVersion: true } });
    if (!link) throw notFound("review");
    if (input.pushCount !== undefined && input.pushCount !== link.pushCount) throw reviewChanged(input.pushCount, link);
    await t.workflowCopy.update({ where: { copyWorkflowId: workflow.id }, data: { reviewedAt: new Date(), reviewedById: user.id } });
    const review = (await loadReview({ workflow, tx: t }))!;
    await recordAuditEvent({
      workspaceId: workflow.workspaceId,
      workflowId: workflow.id,
      actor: user,
      action: "reviewed",
      details: { complete: review.complete, missing: review.missing.map((m) => m.message), pushCount: link.pushCount, sourceVersion: link.sourceVersion },
      tx: t,
    });
    return review;
  };
  return tx ? write(tx) : db().$transaction(write);
}

function reviewChanged(seen: number, now: { pushCount: number; sourceVersion: number }) {
  const details = { pushCount: now.pushCount, sourceVersion: now.sourceVersion };
  if (seen > now.pushCount) {
    return conflict("review_changed", `pushCount ${seen} is not this review's (it is at push ${now.pushCount}, version ${now.sourceVersion}): load the review again, then confirm`, details);
  }
  return conflict(
    "review_changed",
    `the provider pushed again (version ${now.sourceVersion}) since this review was loaded: review the new configuration, then confirm again (nothing was confirmed)`,
    details,
  );
}
