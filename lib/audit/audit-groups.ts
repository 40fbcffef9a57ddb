// What the audit log can be narrowed to ("What" on the audit page, ?what= in the API): every
// action belongs to one group, and the Record below makes a new action name its group or fail
// to compile. Pure and client-safe.
import type { AuditAction } from "@/lib/audit/record-audit-event";

export const AUDIT_GROUPS = {
  push: "Pushes and client reviews",
  workflows: "Go live, Draft, webhook URLs, deleted workflows, blueprints",
  runs: "Runs stopped or run again",
  people: "Members, invitations, API tokens, sign-outs",
  resources: "Variables, secrets, accounts, files",
  workspace: "Clients, names, retention",
} as const;

export type AuditGroup = keyof typeof AUDIT_GROUPS;

const GROUP_OF: Record<AuditAction, AuditGroup> = {
  pushed: "push",
  copy_edited: "push",
  account_chosen: "push",
  webhook_secret_set: "push",
  webhook_secret_removed: "push",
  unsigned_webhook_accepted: "push",
  reviewed: "push",
  went_live: "workflows",
  unpublished: "workflows",
  webhook_url_rotated: "workflows",
  workflow_deleted: "workflows",
  blueprint_installed: "workflows",
  run_stopped: "runs",
  run_rerun: "runs",
  stopped_runs_rerun: "runs",
  seen_ids_forgotten: "runs",
  member_added: "people",
  member_role_changed: "people",
  member_removed: "people",
  member_password_reset: "people",
  invitation_created: "people",
  invitation_revoked: "people",
  invitation_accepted: "people",
  api_token_created: "people",
  api_token_revoked: "people",
  signed_out_everywhere: "people",
  variable_created: "resources",
  variable_updated: "resources",
  variable_deleted: "resources",
  connection_created: "resources",
  connection_updated: "resources",
  connection_deleted: "resources",
  file_uploaded: "resources",
  file_deleted: "resources",
  client_created: "workspace",
  client_deleted: "workspace",
  workspace_renamed: "workspace",
  retention_changed: "workspace",
};

export const isAuditGroup = (v: string): v is AuditGroup => Object.hasOwn(AUDIT_GROUPS, v);

/** The actions of a group. */
export const actionsOf = (group: AuditGroup): AuditAction[] => (Object.keys(GROUP_OF) as AuditAction[]).filter((a) => GROUP_OF[a] === group);
