// An audit event about one workflow, by the signed-in user: Go live, Unpublish, Generate a new
// URL, delete. The workflow's name goes into the details so the log still says which workflow
// once it is deleted or renamed. Inside the caller's transaction, like every audit event.
import type { Tx } from "@/lib/db/client";
import { recordAuditEvent, type AuditAction } from "@/lib/audit/record-audit-event";

export type RecordWorkflowEventOptions = {
  workflow: { id: string; workspaceId: string; name: string };
  userId: string;
  action: Extract<AuditAction, "went_live" | "unpublished" | "webhook_url_rotated" | "workflow_deleted">;
  /** Ids and modes only: never a token or a secret. */
  details?: Record<string, unknown>;
  tx: Tx;
};

export async function recordWorkflowEvent({ workflow, userId, action, details = {}, tx }: RecordWorkflowEventOptions): Promise<void> {
  const actor = await tx.user.findUnique({ where: { id: userId }, select: { id: true, email: true } });
  await recordAuditEvent({ workspaceId: workflow.workspaceId, workflowId: workflow.id, actor, action, details: { workflowName: workflow.name, ...details }, tx });
}
