// The audit log: pushes, reviews, Go live / Unpublish, new webhook URLs, deleted workflows, clients
// and members (a provider sees its clients' too).
import type { Metadata } from "next";
import { loadWorkspacePage } from "@/components/resources/load-workspace-page";
import { PageHeader } from "@/components/resources/page-header";
import { Badge } from "@/components/ui/badge";
import { listAuditEvents } from "@/lib/audit/list-audit-events";

export const metadata: Metadata = { title: "Audit log · MSP Flow" };

const LABELS: Record<string, string> = {
  pushed: "Pushed",
  account_chosen: "Account chosen",
  webhook_secret_set: "Webhook secret set",
  unsigned_webhook_accepted: "Unsigned webhook accepted",
  reviewed: "Reviewed",
  went_live: "Went live",
  unpublished: "Unpublished (Draft)",
  webhook_url_rotated: "New webhook URL",
  workflow_deleted: "Workflow deleted",
  client_created: "Client added",
  client_deleted: "Client deleted",
  workspace_renamed: "Renamed",
  member_added: "Member added",
  member_role_changed: "Role changed",
  member_removed: "Member removed",
  member_password_reset: "Password reset",
};

export default async function AuditPage({ params }: { params: Promise<{ workspaceId: string }> }) {
  const { workspaceId } = await params;
  const { user, workspace } = await loadWorkspacePage(workspaceId);
  const events = await listAuditEvents({ workspaceId, userId: user.id, limit: 200 });
  return (
    <div className="mx-auto max-w-5xl px-6 py-8">
      <PageHeader title="Audit log" subtitle={`${workspace.name} · who pushed, reviewed, took workflows Live or back to Draft, generated new webhook URLs, deleted workflows, added clients and members, and when`} />
      {events.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-500">Nothing recorded yet.</p>
      ) : (
        <table className="mt-6 w-full overflow-hidden rounded-xl border border-slate-200 bg-white text-sm" aria-label="Audit log">
          <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
            <tr><th className="px-4 py-2">When</th><th className="px-4 py-2">What</th><th className="px-4 py-2">Who</th><th className="px-4 py-2">Workspace</th><th className="px-4 py-2">Details</th></tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {events.map((e) => (
              <tr key={e.id}>
                <td className="whitespace-nowrap px-4 py-2 text-slate-500"><time dateTime={e.at}>{new Date(e.at).toUTCString()}</time></td>
                <td className="px-4 py-2"><Badge tone={e.action === "went_live" ? "green" : e.action === "pushed" ? "blue" : e.action === "workflow_deleted" || e.action === "webhook_url_rotated" ? "amber" : "slate"}>{LABELS[e.action] ?? e.action}</Badge></td>
                <td className="px-4 py-2">{e.actor.email ?? "—"}</td>
                <td className="px-4 py-2">{e.workspaceName}</td>
                <td className="px-4 py-2 text-slate-500">{describe(e.details)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function describe(d: Record<string, unknown>): string {
  // Workflow events (Go live, Unpublish, new URL, delete) name the workflow as it was then.
  if (typeof d.workflowName === "string") {
    const extra = typeof d.sourceVersion === "number" ? `source version ${d.sourceVersion}` : d.mode === "live" ? "was Live" : "";
    return extra ? `${d.workflowName} · ${extra}` : d.workflowName;
  }
  if (typeof d.email === "string") {
    if (typeof d.from === "string") return `${d.email}: ${d.from} → ${String(d.to)}`;
    if (typeof d.revokedApiTokens === "number") return d.revokedApiTokens > 0 ? `${d.email}, ${d.revokedApiTokens} API token(s) revoked` : d.email;
    if (typeof d.role !== "string") return d.email;
    return `${d.email} (${String(d.role)})${d.newAccount ? ", new account" : ""}${d.left ? ", left" : ""}`;
  }
  if (typeof d.clientId === "string") return String(d.name);
  if (typeof d.from === "string") return `${d.from} → ${String(d.to)}`;
  if (typeof d.sourceName === "string") return `${d.sourceName} v${String(d.sourceVersion)}${d.created ? " (new copy)" : " (updated copy)"}, sample data ${String(d.sampleData)}`;
  if (typeof d.stepId === "string") return `step ${d.stepId} → ${d.connectionId ? "account chosen" : "account cleared"}`;
  if (typeof d.complete === "boolean") return d.complete ? "checklist complete" : `${(d.missing as unknown[] | undefined)?.length ?? 0} item(s) open`;
  if (typeof d.sourceVersion === "number") return `source version ${d.sourceVersion}`;
  return "";
}
