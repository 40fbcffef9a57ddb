// Per client with a copy: the version it has and whether it is up to date, behind or edited.
import { Badge } from "@/components/ui/badge";
import { TableScroll } from "@/components/ui/table-scroll";
import { TimeAgo } from "@/components/ui/time-ago";
import type { PushedCopyView } from "@/lib/push/list-pushed-copies";

const STATUS = { up_to_date: ["Up to date", "green"], behind: ["Behind", "amber"], edited_by_client: ["Edited by client", "blue"] } as const;

export function PushedCopiesTable({ copies }: { copies: PushedCopyView[] }) {
  if (copies.length === 0) return <p className="text-sm text-slate-500">Not pushed to any client yet.</p>;
  return (
    <TableScroll label="Pushed copies table">
      <table className="w-full text-sm" aria-label="Pushed copies">
        <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
          <tr><th className="px-4 py-2">Client</th><th className="px-4 py-2">Version</th><th className="px-4 py-2">Status</th><th className="px-4 py-2">Mode</th><th className="px-4 py-2">Review</th><th className="px-4 py-2">Last push</th></tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {copies.map((c) => (
            <tr key={c.copyWorkflowId} data-testid={`copy-${c.target.name}`}>
              {/* A client's name without spaces breaks anywhere: as one line it pushed Status,
                  Mode, Review and Last push out of the box. */}
              <td className="px-4 py-2 font-medium"><div className="min-w-32 wrap-anywhere">{c.target.name}</div></td>
              <td className="px-4 py-2">v{c.pushedVersion} of v{c.currentVersion}</td>
              <td className="px-4 py-2"><Badge tone={STATUS[c.status][1]}>{STATUS[c.status][0]}</Badge></td>
              <td className="px-4 py-2">{c.mode === "live" ? <Badge tone="green">Live</Badge> : <Badge>Draft</Badge>}</td>
              <td className="px-4 py-2">{c.reviewComplete ? "complete" : `${c.missing} open`}</td>
              <td className="px-4 py-2 text-slate-500"><TimeAgo at={c.pushedAt} />{c.pushedBy ? ` by ${c.pushedBy}` : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
