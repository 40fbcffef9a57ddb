// The audit log: pushes, reviews, Go live / Unpublish, new webhook URLs, deleted workflows,
// blueprint installs, clients and members, variables and secrets, accounts, files, API tokens,
// sign-outs, retention, stopped and re-run runs (a provider sees its clients' too). 200 a page;
// "Show older" continues from the last one shown (?before=, as the API's nextBefore); "What" and
// "Who" narrow it (?what=&actor=, a plain GET form: the filters stay in the URL).
import type { Metadata } from "next";
import Link from "next/link";
import { loadWorkspacePage } from "@/components/resources/load-workspace-page";
import { PageHeader } from "@/components/resources/page-header";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { ExactTime } from "@/components/ui/exact-time";
import { TableScroll } from "@/components/ui/table-scroll";
import { describeAuditEvent } from "@/lib/audit/describe-audit-event";
import { AUDIT_GROUPS } from "@/lib/audit/audit-groups";
import { AuditFilterQuery, listAuditEvents } from "@/lib/audit/list-audit-events";
import { inputClass } from "@/components/resources/api-fetch";
import { parseDeliveriesCursor, type DeliveriesCursor } from "@/lib/workflows/deliveries-cursor";

export const metadata: Metadata = { title: "Audit log · MSP Flow" };

type Props = { params: Promise<{ workspaceId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AuditPage({ params, searchParams }: Props) {
  const { workspaceId } = await params;
  const query = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const raw = query.before;
  const { user, workspace } = await loadWorkspacePage(workspaceId);
  // Filters that do not read (edited by hand) are left out rather than an error page.
  const parsed = AuditFilterQuery.safeParse({ what: query.what, actor: query.actor });
  const filter = parsed.success ? parsed.data : {};
  const filtered = Boolean(filter.what || filter.actor);
  const { events, nextBefore } = await listAuditEvents({ workspaceId, userId: user.id, limit: 200, before: readCursor(raw), filter });
  const older = raw !== undefined;
  const withFilter = (extra: Record<string, string>) => {
    const q = new URLSearchParams({ ...(filter.what ? { what: filter.what } : {}), ...(filter.actor ? { actor: filter.actor } : {}), ...extra });
    return `/w/${workspaceId}/audit${q.size ? `?${q}` : ""}`;
  };
  return (
    <div className="mx-auto max-w-5xl px-6 py-8">
      <PageHeader
        title="Audit log"
        subtitle={`${workspace.name} · who pushed, reviewed, took workflows Live or back to Draft, installed blueprints, changed members, variables, secrets, accounts, files, API tokens and settings, stopped or re-ran runs, and when`}
      />
      <form method="get" action={`/w/${workspaceId}/audit`} className="mt-4 flex flex-wrap items-end gap-4" role="search" aria-label="Filter the audit log">
        <label className="text-sm font-medium text-slate-700">
          What
          <select name="what" defaultValue={filter.what ?? ""} className={`${inputClass} mt-1 w-72`}>
            <option value="">Everything</option>
            {Object.entries(AUDIT_GROUPS).map(([key, label]) => (
              <option key={key} value={key}>{label}</option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Who
          <input name="actor" type="search" defaultValue={filter.actor ?? ""} placeholder="part of an e-mail" className={`${inputClass} mt-1 w-56`} />
        </label>
        <button type="submit" className={buttonClass("secondary", "sm")}>Filter</button>
        {filtered && <Link href={`/w/${workspaceId}/audit`} className="pb-1 text-sm text-brand-700 hover:underline">Clear filters</Link>}
      </form>
      {events.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-500">
          {filtered ? (older ? "Nothing older matches." : "Nothing matches these filters.") : older ? "Nothing older recorded." : "Nothing recorded yet."}
        </p>
      ) : (
        <TableScroll label="Audit log table" className="mt-6">
          <table className="w-full text-sm" aria-label="Audit log">
            <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
              <tr><th className="px-4 py-2">When</th><th className="px-4 py-2">What</th><th className="px-4 py-2">Who</th><th className="px-4 py-2">Workspace</th><th className="px-4 py-2">Details</th></tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {events.map((e) => {
                const w = describeAuditEvent(e.action, e.details, e.step);
                return (
                  <tr key={e.id}>
                    <td className="whitespace-nowrap px-4 py-2 text-slate-500"><ExactTime at={e.at} /></td>
                    <td className="px-4 py-2"><Badge tone={w.tone}>{w.label}</Badge></td>
                    {/* An e-mail or a client's name without spaces breaks anywhere, as Details
                        does: as one line it pushed the columns after it out of the box. */}
                    <td className="px-4 py-2"><div className="min-w-32 wrap-anywhere">{e.actor.email ?? "—"}</div></td>
                    <td className="px-4 py-2"><div className="min-w-28 wrap-anywhere">{e.workspaceName}</div></td>
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
          {older && <Link href={withFilter({})} className={buttonClass("secondary", "sm")}>Newest</Link>}
          {nextBefore && <Link href={withFilter({ before: nextBefore })} className={buttonClass("secondary", "sm")}>Show older</Link>}
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
