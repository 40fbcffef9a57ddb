"use client";
// The Runs page's filters, kept in the URL (shareable, and the server renders the list). Each
// change navigates at once, so a keyboard user's arrow keys step through the options with the
// list following; the controls are never rebuilt (that dropped focus to the page after the first
// arrow). While the page for a choice loads they show that choice, then again what the URL says
// (so Back in the browser is shown too).
import { useState, useTransition } from "react";
import { usePathname, useRouter } from "next/navigation";
import { inputClass } from "@/components/resources/api-fetch";
import { cn } from "@/components/ui/cn";

/** workflowId: "" for every workflow; q: "" for no search. */
export type RunsFilterValue = { status: string; clients: boolean; days: number; workflowId: string; q: string };

const STATUSES = ["", "failed", "running", "waiting", "queued", "succeeded", "stopped"];

const WINDOWS = [1, 7, 30, 90, 365, 3650];

/** The windows worth offering: up to the longest any listed workspace keeps runs (and that length
 *  itself), and the one in the URL, so the select never shows a choice it does not hold. */
function windowChoices(kept: number, current: number): number[] {
  return [...new Set([...WINDOWS.filter((d) => d <= kept), kept, current])].sort((a, b) => a - b);
}

const windowLabel = (d: number) => (d === 1 ? "the last day" : `the last ${d.toLocaleString("en-US")} days`);

/** workflowName: the filtered workflow's (null when the id names none the list would show).
 *  keptDays: how long the listed workspaces keep finished runs (lib/retention/find-runs-kept-days.ts). */
export function RunsFilter({
  value: fromUrl,
  provider,
  workflowName,
  keptDays,
}: {
  value: RunsFilterValue;
  provider: boolean;
  workflowName: string | null;
  keptDays: { shortest: number; longest: number };
}) {
  const router = useRouter();
  const pathname = usePathname();
  const [navigating, startNavigation] = useTransition();
  const [chosen, setChosen] = useState(fromUrl);
  const value = navigating ? chosen : fromUrl;
  // What is typed is searched for on Enter (or Search): a search per keystroke would reload the list for each.
  const [typed, setTyped] = useState(fromUrl.q);
  const [typedFor, setTypedFor] = useState(fromUrl.q);
  if (typedFor !== fromUrl.q) {
    setTypedFor(fromUrl.q);
    setTyped(fromUrl.q);
  }
  const go = (next: Partial<RunsFilterValue>) => {
    const v = { ...value, ...next };
    setChosen(v);
    // A change of filter shows the newest page again (no `before`).
    const q = new URLSearchParams({
      ...(v.status ? { status: v.status } : {}),
      days: String(v.days),
      ...(provider ? { clients: String(v.clients) } : {}),
      ...(v.workflowId ? { workflowId: v.workflowId } : {}),
      ...(v.q ? { q: v.q } : {}),
    });
    // The page stays where it is: a keyboard user stepping through options keeps the list in view.
    startNavigation(() => router.push(`${pathname}?${q}`, { scroll: false }));
  };
  // A window longer than a workspace keeps runs lists nothing older: said, not silently cut.
  const beyondKept = value.days > keptDays.shortest;
  const kept = keptDays.shortest === keptDays.longest ? `${keptDays.shortest} days` : `${keptDays.shortest} days in some of these workspaces`;
  return (
    <>
      <div className="mt-4 flex flex-wrap items-end gap-4" role="group" aria-label="Filter runs">
        <form
          role="search"
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            go({ q: typed.trim() });
          }}
        >
          <label className="text-sm font-medium text-slate-700">
            Search
            <input
              type="search"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              aria-label="Search runs"
              placeholder="Run id, or words of the error"
              maxLength={200}
              className={cn(inputClass, "mt-1 w-64")}
            />
          </label>
        </form>
        <label className="text-sm font-medium text-slate-700">
          Status
          <select value={value.status} onChange={(e) => go({ status: e.target.value })} className={cn(inputClass, "mt-1 w-40")}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>{s === "" ? "Any" : s}</option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Started within
          <select
            value={value.days}
            onChange={(e) => go({ days: Number(e.target.value) })}
            aria-describedby={beyondKept ? "runs-window-note" : undefined}
            className={cn(inputClass, "mt-1 w-44")}
          >
            {windowChoices(keptDays.longest, value.days).map((d) => (
              <option key={d} value={d}>{windowLabel(d)}</option>
            ))}
          </select>
        </label>
        {provider && (
          <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
            <input type="checkbox" checked={value.clients} onChange={(e) => go({ clients: e.target.checked })} /> Include clients
          </label>
        )}
        {value.workflowId && (
          // A long name without spaces wraps in the line (as one it pushed the page sideways).
          <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 pb-2 text-sm text-slate-700" data-testid="workflow-filter">
            Runs of <span className="min-w-0 font-medium wrap-anywhere">{workflowName ?? "one workflow"}</span>
            <button type="button" onClick={() => go({ workflowId: "" })} className="text-brand-700 hover:underline">
              Show every workflow
            </button>
          </p>
        )}
      </div>
      {beyondKept && (
        <p id="runs-window-note" className="mt-2 text-sm text-slate-600" data-testid="runs-window-note">
          Finished runs are kept {kept}, so none older than that is listed.
        </p>
      )}
    </>
  );
}
