// The audit log: pushes, reviews, Go live / Unpublish, new webhook URLs, deleted workflows,
// blueprint installs, clients and members, variables and secrets, accounts, files, API tokens,
// sign-outs, retention, stopped and re-run runs (a provider sees its clients' too). 200 a page;
// "Show older" continues from the last one shown (?before=, as the API's nextBefore).
import type { Metadata } from "next";
import Link from "next/link";
import { loadWorkspacePage } from "@/components/resources/load-workspace-page";
import { PageHeader } from "@/components/resources/page-header";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { TableScroll } from "@/components/ui/table-scroll";
import { describeAuditEvent } from "@/lib/audit/describe-audit-event";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { parseDeliveriesCursor, type DeliveriesCursor } from "@/lib/workflows/deliveries-cursor";

export const metadata: Metadata = { title: "Audit log · MSP Flow" };

type Props = { params: Promise<{ workspaceId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AuditPage({ params, searchParams }: Props) {
  const { workspaceId } = await params;
  const raw = (await searchParams).before;
  const { user, workspace } = await loadWorkspacePage(workspaceId);
  const { events, nextBefore } = await listAuditEvents({ workspaceId, userId: user.id, limit: 200, before: readCursor(Array.isArray(raw) ? raw[0] : raw) });
  const older = raw !== undefined;
  return (
    <div className="mx-auto max-w-5xl px-6 py-8">
      <PageHeader
        title="Audit log"
        subtitle={`${workspace.name} · who pushed, reviewed, took workflows Live or back to Draft, installed blueprints, changed members, variables, secrets, accounts, files, API tokens and settings, stopped or re-ran runs, and when`}
      />
      {events.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-500">{older ? "Nothing older recorded." : "Nothing recorded yet."}</p>
      ) : (
        <TableScroll label="Audit log table" className="mt-6">
          <table className="w-full text-sm" aria-label="Audit log">
            <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
              <tr><th className="px-4 py-2">When</th><th className="px-4 py-2">What</th><th className="px-4 py-2">Who</th><th className="px-4 py-2">Workspace</th><th className="px-4 py-2">Details</th></tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {events.map((e) => {
                const w = describeAuditEvent(e.action, e.details);
                return (
                  <tr key={e.id}>
                    <td className="whitespace-nowrap px-4 py-2 text-slate-500"><time dateTime={e.at}>{new Date(e.at).toUTCString()}</time></td>
                    <td className="px-4 py-2"><Badge tone={w.tone}>{w.label}</Badge></td>
                    <td className="px-4 py-2">{e.actor.email ?? "—"}</td>
                    <td className="px-4 py-2">{e.workspaceName}</td>
                    {/* A readable column (the table scrolls sideways in its region on a phone); words
                        break between them, mid-word only for one longer than the column (a URL). */}
                    <td className="px-4 py-2 text-slate-500"><div className="min-w-64 [overflow-wrap:anywhere]">{w.text}</div></td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      {(older || nextBefore) && (
        <nav aria-label="Audit log pages" className="mt-4 flex gap-3">
          {older && <Link href={`/w/${workspaceId}/audit`} className={buttonClass("secondary", "sm")}>Newest</Link>}
          {nextBefore && <Link href={`/w/${workspaceId}/audit?before=${encodeURIComponent(nextBefore)}`} className={buttonClass("secondary", "sm")}>Show older</Link>}
        </nav>
      )}
    </div>
  );
}

/** A mangled or hand-edited ?before= shows the newest page rather than an error. */
function readCursor(raw: string | undefined): DeliveriesCursor | null {
  try {
    return parseDeliveriesCursor(raw ?? null);
  } catch {
    return null;
  }
}
