"use client";
// Which run's step statuses the canvas shows: the latest, or — opened from a link to one run (the
// Runs page's step, a failure alert: ?step=…&run=…) — that run, said in a bar above the canvas
// with a way back to the latest. The canvas showed the latest run whatever the link, so a
// technician following a failed run's link saw every step green (a later run had succeeded)
// beside an Executions tab showing the failure.
import { useState } from "react";
import { useRunOverviewQuery, useRunsQuery } from "@/components/editor/api";
import { RunStatus } from "@/components/editor/run-status";
import { useLinkedRun } from "@/components/editor/use-linked-run";
import { buttonClass } from "@/components/ui/button";
import { TimeAgo } from "@/components/ui/time-ago";
import type { RunOverview } from "@/lib/editor/api-types";

/** The run shown (statuses only: without its data), and the linked one when that is it. */
export function useCanvasRun(workflowId: string, linkedId: string | null) {
  const [pinnedId, setPinnedId] = useState(linkedId);
  // A link followed inside the editor (a delivery's run in the Deliveries log) changes the URL's
  // run without a new editor: the canvas follows it, as the Executions tab does (set while
  // rendering, React's way to follow a prop, so no frame shows the old run beside the new link).
  const [linkSeen, setLinkSeen] = useState(linkedId);
  if (linkSeen !== linkedId) {
    setLinkSeen(linkedId);
    setPinnedId(linkedId);
  }
  const linked = useLinkedRun(pinnedId);
  // Another workflow's run, or none (the Executions tab says so): the latest, as without a link.
  const pinned = linked.data && linked.data.workflowId === workflowId ? linked.data : undefined;
  const waiting = !!pinnedId && linked.isPending;
  const runs = useRunsQuery(workflowId, 20);
  const latest = useRunOverviewQuery(pinned || waiting ? undefined : runs.data?.runs[0]?.id);
  return { run: pinned ?? (waiting ? undefined : latest.data), pinned, showLatest: () => setPinnedId(null) };
}

export function PinnedRunBar({ run, onLatest }: { run: RunOverview; onLatest: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-200 bg-amber-50 px-3 py-1.5 text-xs text-amber-900" data-testid="canvas-run">
      {/* Text, not flex items: a flex gap put spaces inside the brackets, and at 375 px a line
          could start with the comma. */}
      <span>
        Steps as they ran in the linked run <span className="font-mono">…{run.id.slice(-8)}</span>{" "}
        <span className="whitespace-nowrap">
          (<RunStatus status={run.status} />, <TimeAgo at={run.createdAt} />)
        </span>
      </span>
      <button type="button" className={buttonClass("ghost", "sm", "h-6 px-2 text-xs")} onClick={onLatest}>
        Show the latest run
      </button>
    </div>
  );
}
