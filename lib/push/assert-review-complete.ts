// The Go-live gate of pushed copies, called by setWorkflowMode inside its transaction when a
// Draft workflow is switched Live. A workflow that did not arrive by push passes untouched. A
// pushed copy with anything left on its checklist is refused with 409 listing what is missing;
// otherwise the go-live is recorded in the audit log (same transaction, so only if it happens).
import { conflict } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import type { Workflow } from "@/lib/generated/prisma/client.ts";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { loadReview } from "@/lib/push/load-review";

export type AssertReviewCompleteOptions = { workflow: Workflow; userId: string; tx: Tx };

/** True when it recorded the go-live (a pushed copy), so the caller does not record it again. */
export async function assertReviewComplete({ workflow, userId, tx }: AssertReviewCompleteOptions): Promise<boolean> {
  if (workflow.mode === "live") return false;
  const review = await loadReview({ workflow, tx });
  if (!review) return false;
  if (!review.complete) {
    throw conflict("review_incomplete", `this pushed workflow cannot go Live until its review is complete: ${review.missing.map((m) => m.message).join("; ")}`, {
      missing: review.missing,
    });
  }
  const actor = await tx.user.findUnique({ where: { id: userId }, select: { id: true, email: true } });
  await recordAuditEvent({
    workspaceId: workflow.workspaceId,
    workflowId: workflow.id,
    actor,
    action: "went_live",
    details: { workflowName: workflow.name, sourceWorkflowId: review.source.workflowId, sourceVersion: review.source.version },
    tx,
  });
  return true;
}
