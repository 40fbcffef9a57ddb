// How the audit page words an event: a label and a line of details, chosen by the event's action
// (never guessed from which detail keys it carries: a webhook secret event also has a stepId, and
// would read as an account choice). Events recorded before a detail existed (a workflowName,
// say) still read sensibly. A step is named as the technician sees it, "step 2 (Create ticket)",
// never by its internal id: as it was when the event was recorded, or for an event recorded
// before steps were kept, from the workflow as it is now (list-audit-events.ts gives either); such
// an older one's step since deleted or replaced reads as such. Pure and client-safe.
import { plural } from "@/lib/plural";
import { formatBytes } from "@/lib/format-bytes";

export type AuditEventWording = { label: string; text: string; tone: "green" | "blue" | "amber" | "slate" };
/** The step an event's `stepId` names, as recorded (or, for an older event, in its workflow now); null when that older event's step (or workflow) is gone. */
export type AuditStep = { number: number; name: string } | null;

type Details = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? "" : String(v));
/** "<workflow> · <rest>", leaving out whichever part is missing. */
const joined = (...parts: unknown[]) => parts.map(str).filter(Boolean).join(" · ");
const variable = (d: Details) => `${d.secret ? "secret" : "variable"} ${str(d.key)}`;
const account = (d: Details) => `${str(d.name)}${d.app ? ` (${str(d.app)})` : ""}`;
/** "2 keys created without a value" for a non-empty list, else "". */
const count = (list: unknown, noun: string, what: string) => (Array.isArray(list) && list.length > 0 ? `${list.length} ${noun}${list.length > 1 ? "s" : ""} ${what}` : "");
const invitation = (d: Details) => `${str(d.role)}${d.note ? ` for ${str(d.note)}` : ""}`;
const retention = (v: unknown) => {
  const entries = Object.entries((v ?? {}) as Record<string, unknown>);
  return entries.length === 0 ? "defaults" : entries.map(([k, n]) => `${k} ${str(n)}`).join(", ");
};
/** " (2 steps: “Notify” added, “Ticket” changed)" for a copy_edited / pushed event's step edits. */
const stepEdits = (steps: unknown) =>
  Array.isArray(steps) && steps.length > 0 ? ` (${plural(steps.length, "step")}: ${(steps as Details[]).map((e) => `“${str(e.name)}” ${str(e.change)}`).join(", ")})` : "";
/** A push's clientEditsReplaced, said so the provider sees it replaced the client's own work. */
const replacedEdits = (v: unknown) => {
  if (!v || typeof v !== "object") return "";
  const steps = (v as Details).steps;
  return Array.isArray(steps) && steps.length > 0 ? `replaced the client's own changes (${plural(steps.length, "step")})` : "replaced the client's own changes";
};
const size = (n: unknown) => (typeof n !== "number" ? "" : formatBytes(n));

/** "step 2 (Create ticket)"; undefined (not looked up) falls back to the id the event recorded. */
const stepOf = (d: Details, s: AuditStep | undefined) =>
  s ? `step ${s.number}${s.name ? ` (${s.name})` : ""}` : s === null ? "a step since deleted or replaced" : `step ${str(d.stepId)}`;

const WORDING: Record<string, (d: Details, s: AuditStep | undefined) => Omit<AuditEventWording, "tone"> & { tone?: AuditEventWording["tone"] }> = {
  pushed: (d) => ({
    label: "Pushed",
    tone: d.returnedToDraft ? "amber" : "blue",
    text: [
      `${str(d.sourceName)} v${str(d.sourceVersion)}${d.created ? " (new copy)" : " (updated copy)"}`,
      // A re-push takes a Live copy back to Draft for review: its webhook refuses deliveries until it goes Live again.
      d.returnedToDraft ? "Live copy back to Draft for review" : "",
      `sample data ${str(d.sampleData)}`,
      count(d.keysCreated, "key", "created without a value"),
      count(d.filesCopied, "file", "copied"),
      count(d.runsStopped, "run", "under way stopped"),
      count(d.secretDestinations, "step", "sending secrets to a new address"),
      replacedEdits(d.clientEditsReplaced),
    ].filter(Boolean).join(", "),
  }),
  // The client's first change of a pushed copy after a push (the provider's next push replaces it).
  // Worded for both logs it shows in: the client's, and its provider's (no "your provider" there).
  copy_edited: (d) => ({
    label: "Pushed copy changed",
    tone: "amber",
    text: joined(d.workflowName, `changed since version ${str(d.sourceVersion)} was pushed${stepEdits(d.steps)}`),
  }),
  account_chosen: (d, s) => ({ label: "Account chosen", text: `${stepOf(d, s)} → ${d.connectionId ? `account chosen${d.app ? ` (${str(d.app)})` : ""}` : "account cleared"}` }),
  webhook_secret_set: (d, s) => ({ label: d.replaced ? "Webhook secret changed" : "Webhook secret set", text: joined(d.workflowName, `own shared secret on ${stepOf(d, s)}`) }),
  webhook_secret_removed: (d, s) => ({ label: "Webhook secret removed", tone: "amber", text: joined(d.workflowName, `${stepOf(d, s)} takes unsigned deliveries`) }),
  unsigned_webhook_accepted: (d, s) => ({ label: "Unsigned webhook accepted", text: joined(d.workflowName, `unsigned deliveries accepted on ${stepOf(d, s)}`) }),
  reviewed: (d) => ({ label: "Reviewed", text: d.complete ? "checklist complete" : `${plural((d.missing as unknown[] | undefined)?.length ?? 0, "item")} open` }),
  went_live: (d) => ({ label: "Went live", tone: "green", text: joined(d.workflowName, typeof d.sourceVersion === "number" ? `source version ${d.sourceVersion}` : "") }),
  unpublished: (d) => ({ label: "Unpublished (Draft)", text: str(d.workflowName) }),
  webhook_url_rotated: (d, s) => ({ label: "New webhook URL", tone: "amber", text: joined(d.workflowName, d.stepId ? stepOf(d, s) : "") }),
  workflow_deleted: (d) => ({ label: "Workflow deleted", tone: "amber", text: joined(d.workflowName, d.mode === "live" ? "was Live" : "") }),
  client_created: (d) => ({ label: "Client added", text: str(d.name) }),
  client_deleted: (d) => ({ label: "Client deleted", tone: "amber", text: str(d.name) }),
  workspace_renamed: (d) => ({ label: "Renamed", text: `${str(d.from)} → ${str(d.to)}` }),
  member_added: (d) => ({ label: "Member added", text: `${str(d.email)} (${str(d.role)})${d.newAccount ? ", new account" : ""}` }),
  member_role_changed: (d) => ({ label: "Role changed", text: `${str(d.email)}: ${str(d.from)} → ${str(d.to)}` }),
  member_removed: (d) => ({ label: "Member removed", text: `${str(d.email)} (${str(d.role)})${d.left ? ", left" : ""}` }),
  member_password_reset: (d) => ({
    label: "Password reset",
    tone: "amber",
    text: typeof d.revokedApiTokens === "number" && d.revokedApiTokens > 0 ? `${str(d.email)}, ${plural(d.revokedApiTokens, "API token")} revoked` : str(d.email),
  }),
  invitation_created: (d) => ({ label: "Invitation link made", text: invitation(d) }),
  // madeBy: revoked with its maker's owner role (removed, left, demoted), not by an owner's choice.
  invitation_revoked: (d) => ({ label: "Invitation link revoked", text: d.madeBy ? `${invitation(d)} · made by ${str(d.madeBy)}, no longer an owner` : invitation(d) }),
  invitation_accepted: (d) => ({ label: "Joined by invitation", text: `${str(d.email)} (${str(d.role)})` }),
  variable_created: (d) => ({ label: d.secret ? "Secret added" : "Variable added", text: variable(d) }),
  // kindChanged: the key was switched between plain and secret (its steps read it the other way now).
  variable_updated: (d) =>
    d.kindChanged
      ? { label: d.secret ? "Variable made secret" : "Secret made a plain variable", tone: "amber" as const, text: variable(d) }
      : { label: d.secret ? "Secret changed" : "Variable changed", text: variable(d) },
  variable_deleted: (d) => ({ label: d.secret ? "Secret deleted" : "Variable deleted", tone: "amber", text: variable(d) }),
  connection_created: (d) => ({ label: "Account added", text: account(d) }),
  connection_updated: (d) => ({
    label: "Account changed",
    // Where its credentials now go (origins; "none" for no base URL or token URL) is the part to check.
    ...(Array.isArray(d.destinations) && d.destinations.length > 0 ? { tone: "amber" as const } : {}),
    text: [
      `${account(d)}${d.previousName ? `, renamed from ${str(d.previousName)}` : ""}${Array.isArray(d.fields) && d.fields.length > 0 ? `: ${d.fields.join(", ")}` : ""}`,
      ...(Array.isArray(d.destinations) ? (d.destinations as Details[]).map((m) => `${m.field === "baseUrl" ? "base URL" : "token URL"} ${str(m.from) || "none"} → ${str(m.to) || "none"}`) : []),
    ].join(" · "),
  }),
  connection_deleted: (d) => ({ label: "Account deleted", tone: "amber", text: account(d) }),
  file_uploaded: (d) => ({ label: d.replaced ? "File replaced" : "File uploaded", text: joined(d.name, size(d.size), d.contentType) }),
  file_deleted: (d) => ({ label: "File deleted", tone: "amber", text: str(d.name) }),
  api_token_created: (d) => ({ label: "API token created", text: `"${str(d.name)}"` }),
  api_token_revoked: (d) => ({ label: "API token revoked", tone: "amber", text: `"${str(d.name)}"` }),
  signed_out_everywhere: (d) => ({ label: "Signed out everywhere", tone: "amber", text: d.keptThisSession ? "every other browser" : "every browser" }),
  retention_changed: (d) => ({ label: "Retention changed", text: `${retention(d.from)} → ${retention(d.to)}` }),
  run_stopped: (d) => ({ label: "Run stopped", tone: "amber", text: joined(d.workflowName, `run ${str(d.runId)}`) }),
  run_rerun: (d) => ({ label: "Run again", text: joined(d.workflowName, `new run ${str(d.runId)} from run ${str(d.sourceRunId)}`) }),
  stopped_runs_rerun: (d) => ({ label: "Stopped runs run again", text: joined(d.workflowName, count(d.runs, "run", "stopped by a push started again")) }),
  // Only the id's hash prefix is kept: the id itself may be an e-mail address.
  seen_ids_forgotten: (d) => ({
    label: d.all ? "Remembered ids forgotten" : "Remembered id forgotten",
    tone: "amber",
    text: joined(d.workflowName, d.all ? `all ${str(d.forgotten)} id${d.forgotten === 1 ? "" : "s"} its "was already seen" rules remembered` : `id ${str(d.hashPrefix)}…: its next delivery runs on`),
  }),
  // The variables the install filled in are events of their own (variable_created / _updated).
  blueprint_installed: (d) => ({ label: "Blueprint installed", text: joined(d.workflowName, `from blueprint ${str(d.blueprintTitle || d.blueprint)}`) }),
};

/** `step`: the event's step as list-audit-events.ts found it (AuditEventView.step); left out, the recorded id is shown. */
export function describeAuditEvent(action: string, details: Details, step?: AuditStep): AuditEventWording {
  const w = WORDING[action]?.(details, step);
  return w ? { tone: "slate", ...w } : { label: action, text: "", tone: "slate" };
}
