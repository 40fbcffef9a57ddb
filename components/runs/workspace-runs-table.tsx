"use client";
// Runs across workflows: status, workflow (and client), when (local time, and how long ago), how long, the error; a row opens
// to the run's steps (GET /api/v1/runs/{id}?outputs=false: without the payload and outputs it
// does not show, which for a 4 MB output were downloaded whole) with each one's status, time and error, read again with
// each refresh of the list while the run is unfinished. In a workspace where the user may act
// (`actIn`: editor or owner), a row has Stop run or Run again.
// The table fits a 1280 px screen: a row with Run again's hint ("Runs the whole workflow, not only
// step 5: …") gives it a width of its own, two or three lines under the button, and an error
// shows in two lines at most (whole in its title), in a block at most 448 px wide, so an empty
// Error column takes no room. With max-widths on the cells instead (which a table does not keep
// to), an empty Error column held 448 px, the table overflowed its box with Run again past the
// edge, and the hint wrapped a word a line (rows 200+ px tall).
import { Fragment, useEffect, useRef, useState } from "react";
import Link from "next/link";
import { ChevronRight, Filter } from "lucide-react";
import { apiFetch } from "@/components/resources/api-fetch";
import { RunStatus } from "@/components/editor/run-status";
import { RerunFromStep } from "@/components/runs/rerun-from-step";
import { RunRowActions } from "@/components/runs/run-row-actions";
import { stepTimes, took } from "@/components/runs/step-execution";
import { rerunNote, testRunLabel } from "@/components/runs/test-run-kind";
import { cn } from "@/components/ui/cn";
import { TableScroll } from "@/components/ui/table-scroll";
import { ExactTime } from "@/components/ui/exact-time";
import { TimeAgo } from "@/components/ui/time-ago";
import { TERMINAL_RUN_STATUSES, type RunOverview, type RunView } from "@/lib/editor/api-types";
import { clearedNote } from "@/lib/editor/retention-cleared";
import { formatRetryNote } from "@/lib/format-retry-note";
import type { WorkspaceRunSummary } from "@/lib/runs/list-workspace-runs";

type Props = {
  runs: WorkspaceRunSummary[];
  showWorkspace: boolean;
  /** Workspaces whose runs the user may stop and run again. */
  actIn: string[];
  /** The page's filters without a workflow: a workflow's filter link adds its id to them. */
  filterQuery?: string;
  /** Said under "No runs match.": which runs the filters keep and where runs come from. */
  emptyNote?: string;
};

export function WorkspaceRunsTable({ runs: listed, showWorkspace, actIn, filterQuery, emptyNote }: Props) {
  const [open, setOpen] = useState<Record<string, RunOverview | "loading" | "error">>({});
  // Runs stopped here, as the API answered: shown at once, before the page's refresh arrives.
  const [stopped, setStopped] = useState<Record<string, RunView>>({});
  const runs = listed.map((r) => (stopped[r.id] ? { ...r, status: stopped[r.id].status, error: stopped[r.id].error ?? null, finishedAt: stopped[r.id].finishedAt ?? null } : r));
  const actions = runs.some((r) => actIn.includes(r.workspaceId));
  const onStopped = (view: RunView) => {
    setStopped((s) => ({ ...s, [view.id]: view }));
    setOpen((o) => (o[view.id] ? { ...o, [view.id]: view } : o));
  };
  const load = (id: string) =>
    apiFetch<RunOverview>(`/api/v1/runs/${id}?outputs=false`).then(
      (run) => setOpen((o) => (o[id] ? { ...o, [id]: run } : o)),
      // A refresh that fails keeps the steps already shown; only a first read says it failed.
      () => setOpen((o) => (o[id] === "loading" ? { ...o, [id]: "error" } : o)),
    );
  const toggle = (id: string) => {
    if (open[id]) {
      return setOpen((o) => {
        const rest = { ...o };
        delete rest[id];
        return rest;
      });
    }
    setOpen((o) => ({ ...o, [id]: "loading" }));
    void load(id);
  };
  // The page re-renders the list every 10 s (AutoRefresh), which gives new `listed`: an opened run
  // that had not finished, or whose row now says otherwise, is read again, so its steps follow the
  // row (read once, a run that waited kept showing "waiting" under a row that said succeeded).
  const openNow = useRef(open);
  useEffect(() => {
    openNow.current = open;
  });
  useEffect(() => {
    for (const r of listed) {
      const detail = openNow.current[r.id];
      if (typeof detail === "object" && (!TERMINAL_RUN_STATUSES.includes(detail.status) || detail.status !== r.status)) void load(r.id);
    }
  }, [listed]); // only a new list from the server is a refresh
  if (runs.length === 0) {
    return (
      <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-500">
        <p>No runs match.</p>
        {emptyNote && <p className="mx-auto mt-1 max-w-xl" data-testid="runs-empty-note">{emptyNote}</p>}
      </div>
    );
  }
  return (
    <TableScroll label="Runs table" className="mt-6">
      <table className="w-full text-sm" aria-label="Runs">
        <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
          <tr>
            <th className="w-8 px-2 py-2"><span className="sr-only">Details</span></th>
            <th className="px-3 py-2">Status</th>
            <th className="px-3 py-2">Workflow</th>
            {showWorkspace && <th className="px-3 py-2">Workspace</th>}
            <th className="px-3 py-2">Started</th>
            <th className="px-3 py-2">Took</th>
            <th className="px-3 py-2">Error</th>
            {actions && <th className="px-3 py-2">Actions</th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {runs.map((r) => {
            const detail = open[r.id];
            return (
              <Fragment key={r.id}>
                <tr data-testid="run-row" data-run-id={r.id}>
                  <td className="px-2 py-2">
                    <button type="button" aria-expanded={!!detail} aria-label={`Steps of run ${r.id}`} onClick={() => toggle(r.id)} className="rounded p-1 text-slate-400 hover:bg-slate-100">
                      <ChevronRight className={`h-4 w-4 transition-transform ${detail ? "rotate-90" : ""}`} aria-hidden />
                    </button>
                  </td>
                  <td className="px-3 py-2"><RunStatus status={r.status} />{r.test && <span className="ml-2 whitespace-nowrap text-xs text-violet-700">{testRunLabel(r)}</span>}</td>
                  {/* A name without spaces breaks anywhere (wrap-anywhere also lowers the column's
                      least width): as one line, a 90-character client or workflow name pushed
                      Started, Took, Error and Actions out of the box, at 1920 px too. */}
                  <td className="px-3 py-2">
                    <div className="min-w-24 wrap-anywhere">
                      <Link href={`/w/${r.workspaceId}/workflows/${r.workflowId}`} className="font-medium text-brand-700 hover:underline">{r.workflowName}</Link>
                      {filterQuery !== undefined && (
                        <Link
                          href={`?${new URLSearchParams(`${filterQuery}&workflowId=${encodeURIComponent(r.workflowId)}`)}`}
                          aria-label={`Only the runs of ${r.workflowName}`}
                          title={`Only the runs of ${r.workflowName}`}
                          className="ml-1 inline-flex rounded p-0.5 align-middle text-slate-500 hover:bg-slate-100 hover:text-slate-700"
                        >
                          <Filter className="h-3.5 w-3.5" aria-hidden />
                        </Link>
                      )}
                    </div>
                  </td>
                  {showWorkspace && <td className="px-3 py-2 text-slate-600"><div className="min-w-24 wrap-anywhere">{r.workspaceName}</div></td>}
                  {/* The moment in the reader's zone, with its day unless today, then how long ago: "7 hours
                      ago" alone (its GMT tooltip aside) left "it failed at 2 a.m." to be worked out. */}
                  <td className="whitespace-nowrap px-3 py-2 text-slate-500">
                    <ExactTime at={r.createdAt} className="block text-slate-700" />
                    <TimeAgo at={r.createdAt} className="block text-xs" />
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-slate-500">{took(r.startedAt, r.finishedAt) ?? "—"}</td>
                  {/* A stopped run's reason (a Conditions branch's Stop the run, a person's Stop) is no failure: not in red. */}
                  <td className={`px-3 py-2 ${r.status === "stopped" ? "text-slate-500" : "text-red-700"}`}>
                    {r.error && (
                      <p className="line-clamp-2 min-w-40 max-w-md [overflow-wrap:anywhere]" title={r.error}>
                        {r.error}
                      </p>
                    )}
                  </td>
                  {actions && (
                    <td className="px-3 py-2">
                      {/* With Run again's hint, a width of its own: a table squeezed to its box (a
                          phone's) left the hint a word wide. Without, as narrow as its button. */}
                      {actIn.includes(r.workspaceId) && (
                        <div className={cn("[&_button]:whitespace-nowrap", TERMINAL_RUN_STATUSES.includes(r.status) && rerunNote(r) && "w-64")}>
                          <RunRowActions run={r} onStopped={onStopped} />
                        </div>
                      )}
                    </td>
                  )}
                </tr>
                {detail && (
                  <tr>
                    <td />
                    <td colSpan={5 + (showWorkspace ? 1 : 0) + (actions ? 1 : 0)} className="px-3 pb-3">
                      {detail === "loading" ? (
                        <p className="text-xs text-slate-500">Loading steps…</p>
                      ) : detail === "error" ? (
                        <p role="alert" className="text-xs text-red-700">Could not load the run.</p>
                      ) : (
                        <>
                        {/* The steps open in the editor show nulls where retention cleared the data. */}
                        {detail.outputsClearedAt && <p data-testid="retention-cleared" className="mb-1 text-xs text-slate-600">{clearedNote(detail, "run")}</p>}
                        <ol className="space-y-1" aria-label={`Steps of run ${r.id}`}>
                          {detail.steps.map((s) => (
                            <li key={s.stepId} className="flex flex-wrap items-baseline gap-3 text-xs">
                              <span className="w-6 text-right text-slate-400">{s.number}</span>
                              {s.name === null ? (
                                // No longer in the workflow: the editor has no step to open.
                                <span className="w-40 font-medium text-slate-500 wrap-anywhere" title="This step has since been removed from the workflow">
                                  {s.kind} (removed)
                                </span>
                              ) : (
                                // The name whole, on more lines when it is long (cut at 160 px, with the
                                // action as its tooltip, a long name could not be read at all).
                                <Link
                                  href={`/w/${r.workspaceId}/workflows/${r.workflowId}?step=${encodeURIComponent(s.stepId)}&run=${encodeURIComponent(r.id)}`}
                                  title={s.name}
                                  aria-label={`${s.name}: open this step's execution in the editor`}
                                  className="w-40 font-medium text-brand-700 wrap-anywhere hover:underline"
                                >
                                  {s.name}
                                </Link>
                              )}
                              <RunStatus status={s.status} />
                              {/* The trigger only records the payload: the run's time is on the row above. */}
                              {s.number !== 1 && <span className="text-slate-400">{stepTimes(s).took ?? "—"}</span>}
                              {s.error && <span className="basis-full pl-9 text-red-700">{formatRetryNote(s.error)}</span>}
                              {/* A failed run's failed step, still in the workflow: go on from it. */}
                              {r.status === "failed" && s.status === "failed" && s.name !== null && s.number > 1 && actIn.includes(r.workspaceId) && (
                                <span className="basis-full pl-9">
                                  <RerunFromStep
                                    runId={r.id}
                                    step={s}
                                    href={(id) => `/w/${r.workspaceId}/workflows/${r.workflowId}?step=${encodeURIComponent(s.stepId)}&run=${encodeURIComponent(id)}`}
                                  />
                                </span>
                              )}
                            </li>
                          ))}
                        </ol>
                        </>
                      )}
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
