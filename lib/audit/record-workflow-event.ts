// An audit event about one workflow, by the signed-in user: Go live, Unpublish, Generate a new
// URL, delete, Stop a run, Run again, a blueprint installed as it, its webhook secret set or removed. The workflow's name goes into the details so the log still
// says which workflow once it is deleted or renamed. Inside the caller's transaction, like every
// audit event.
import type { Tx } from "@/lib/db/client";
import type { AuditAction } from "@/lib/audit/record-audit-event";
import { recordUserEvent } from "@/lib/audit/record-user-event";

export type RecordWorkflowEventOptions = {
  workflow: { id: string; workspaceId: string; name: string };
  userId: string;
  action: Extract<AuditAction, "went_live" | "unpublished" | "webhook_url_rotated" | "workflow_deleted" | "run_stopped" | "run_rerun" | "stopped_runs_rerun" | "seen_ids_forgotten" | "blueprint_installed" | "webhook_secret_set" | "webhook_secret_removed">;
  /** Ids and modes only: never a token or a secret. */
  details?: Record<string, unknown>;
  tx: Tx;
};

export async function recordWorkflowEvent({ workflow, userId, action, details = {}, tx }: RecordWorkflowEventOptions): Promise<void> {
  await recordUserEvent({ workspaceId: workflow.workspaceId, workflowId: workflow.id, userId, action, details: { workflowName: workflow.name, ...details }, tx });
}
