// Appends one row to the audit log (who pushed, reviewed, took a workflow Live or back to Draft,
// rotated its webhook URL or deleted it, installed a blueprint, added a client or a member,
// changed a variable, secret, account, file, API token, session or retention setting, stopped or
// re-ran a run, and when). Called inside the transaction of the action it records, so the log
// never claims something that rolled back. An event about a step (`details.stepId`) also keeps
// that step's number and name as they are now, in the same transaction (`details.step`): the log
// says "step 1 (EDR alert)" as it was, after the step is renamed, moved or deleted.
import { findStepNames } from "@/lib/audit/find-step-names";
import { db, type Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client.ts";

export type AuditAction =
  | "pushed"
  | "copy_edited"
  | "account_chosen"
  | "webhook_secret_set"
  | "webhook_secret_removed"
  | "unsigned_webhook_accepted"
  | "reviewed"
  | "went_live"
  | "unpublished"
  | "webhook_url_rotated"
  | "workflow_deleted"
  | "client_created"
  | "client_deleted"
  | "workspace_renamed"
  | "member_added"
  | "member_role_changed"
  | "member_removed"
  | "member_password_reset"
  | "invitation_created"
  | "invitation_revoked"
  | "invitation_accepted"
  | "variable_created"
  | "variable_updated"
  | "variable_deleted"
  | "connection_created"
  | "connection_updated"
  | "connection_deleted"
  | "file_uploaded"
  | "file_deleted"
  | "api_token_created"
  | "api_token_revoked"
  | "signed_out_everywhere"
  | "retention_changed"
  | "run_stopped"
  | "run_rerun"
  | "stopped_runs_rerun"
  | "seen_ids_forgotten"
  | "blueprint_installed";

export type RecordAuditEventOptions = {
  workspaceId: string;
  workflowId?: string | null;
  actor: { id: string; email: string } | null;
  action: AuditAction;
  /** Never values of variables, secrets or credentials: keys, ids and counts only. */
  details?: Record<string, unknown>;
  tx?: Tx;
};

export async function recordAuditEvent({ workspaceId, workflowId, actor, action, details = {}, tx }: RecordAuditEventOptions): Promise<void> {
  const c = tx ?? db();
  const stepId = typeof details.stepId === "string" ? details.stepId : null;
  const step = workflowId && stepId ? (await findStepNames({ workflowIds: [workflowId], tx })).get(`${workflowId} ${stepId}`) : undefined;
  if (step) details = { ...details, step };
  await c.auditEvent.create({
    data: {
      workspaceId,
      workflowId: workflowId ?? null,
      actorId: actor?.id ?? null,
      actorEmail: actor?.email ?? null,
      action,
      details: details as Prisma.InputJsonValue,
    },
  });
}
