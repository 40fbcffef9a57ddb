"use client";
// Per client with a copy: the version it has and whether it is up to date, behind or edited.
// An MSP pushes to dozens of clients, one at a time: above the table, how many are in each state
// and which clients have no copy yet, and past FILTER_FROM copies a filter box by client name or
// state ("behind", "edited", "live"), so the clients still to push to are found without reading
// every row.
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { ListFilter } from "@/components/ui/list-filter";
import { TableScroll } from "@/components/ui/table-scroll";
import { TimeAgo } from "@/components/ui/time-ago";
import { matchesFilter } from "@/lib/list-filter";
import type { PushedCopyView } from "@/lib/push/list-pushed-copies";

const STATUS = { up_to_date: ["Up to date", "green"], behind: ["Behind", "amber"], edited_by_client: ["Edited by client", "blue"] } as const;

/** Names listed in the "no copy yet" line before "and N more". */
const NAMED = 10;

export function PushedCopiesTable({ copies, withoutCopy = [] }: { copies: PushedCopyView[]; withoutCopy?: string[] }) {
  const [query, setQuery] = useState("");
  const shown = copies.filter((c) => matchesFilter(query, c.target.name, STATUS[c.status][0], c.mode === "live" ? "Live" : "Draft"));
  const count = (status: keyof typeof STATUS) => copies.filter((c) => c.status === status).length;
  return (
    <div className="space-y-3">
      {copies.length > 0 && (
        <p className="text-sm text-slate-600" data-testid="pushed-copies-summary">
          {copies.length} {copies.length === 1 ? "client has" : "clients have"} a copy: {count("up_to_date")} up to date, {count("behind")} behind, {count("edited_by_client")} edited by the client.
        </p>
      )}
      {withoutCopy.length > 0 && (
        <p className="text-sm text-slate-600 wrap-anywhere" data-testid="pushed-copies-without">
          {withoutCopy.length} {withoutCopy.length === 1 ? "client has" : "clients have"} no copy yet: {withoutCopy.slice(0, NAMED).join(", ")}
          {withoutCopy.length > NAMED ? ` and ${withoutCopy.length - NAMED} more` : ""}.
        </p>
      )}
      {copies.length === 0 ? (
        <p className="text-sm text-slate-500">Not pushed to any client yet.</p>
      ) : (
        <>
          <ListFilter label="Filter clients" placeholder="Client name or status" query={query} onQuery={setQuery} shown={shown.length} total={copies.length} noun={["client", "clients"]} />
          {shown.length > 0 && (
            <TableScroll label="Pushed copies table">
              <table className="w-full text-sm" aria-label="Pushed copies">
                <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
                  <tr><th className="px-4 py-2">Client</th><th className="px-4 py-2">Version</th><th className="px-4 py-2">Status</th><th className="px-4 py-2">Mode</th><th className="px-4 py-2">Review</th><th className="px-4 py-2">Last push</th></tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {shown.map((c) => (
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
          )}
        </>
      )}
    </div>
  );
}
