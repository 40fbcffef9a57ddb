"use client";
// Executions: the runs that reached this step, newest first, polled so a new delivery shows
// within 2 s. The server picks them out (GET …/runs?step=), 20 at a time with "Load older runs",
// so a step on a rarely taken branch finds its runs however many went the other way since. For
// the trigger that is exactly what arrived and how the whole run ended (the trigger step itself
// always succeeds); for other steps what they produced. Each run expands to output, error,
// references that found no data, log lines and timings, with Stop run / Run again
// (run-actions.tsx). A collapsed entry is drawn from the list's page alone (status, times, the
// step's status and unresolved references: GET …/runs?step=); an opened one reads the run without
// its data and this step's record (the trigger's: step 1's, which holds the payload) — QA found
// six 4 MB runs fetched for entries nobody had opened, and the detail carried every step's output. While the list is read (a run open, focus in it, scrolled into it, more
// than the newest page loaded) it holds still: new runs are counted in a bar above, not pushed
// in, so the run being read neither moves nor drops off the list (use-live-window.ts).
// A link's run (?step=&run=) that is not one of this workflow's (another workflow's, another
// workspace's, none) is said to be so, politely, above the latest runs: QA found the list fell
// back to them with no word, after the missing run had been asked for again on every poll.
import { useMemo, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ChevronRight, FlaskConical, TriangleAlert } from "lucide-react";
import { ApiError, runQueryOptions, useRunStep, useRunWindow } from "@/components/editor/api";
import { useEditor } from "@/components/editor/editor-context";
import { useLinkedRun } from "@/components/editor/use-linked-run";
import { CappedText } from "@/components/editor/panels/capped-text";
import { JsonView } from "@/components/editor/panels/json-view";
import { StepOutputView } from "@/components/editor/panels/step-output-view";
import { TestingDataNote } from "@/components/editor/panels/testing-data-note";
import { logLocalTimes } from "@/components/editor/panels/log-local-times";
import { GapRow, NewEntriesBar } from "@/components/editor/panels/live-list-parts";
import { RunActions } from "@/components/editor/panels/run-actions";
import { UnresolvedNote, unresolvedOf } from "@/components/editor/panels/unresolved-note";
import { RunStatus } from "@/components/editor/run-status";
import { stepFinished, stepTimes } from "@/components/runs/step-execution";
import { testRunLabel } from "@/components/runs/test-run-kind";
import { relativeTime } from "@/components/ui/relative-time";
import { useReading } from "@/components/editor/use-live-window";
import type { RunOverview, RunStepSummary, RunStepView, RunSummary } from "@/lib/editor/api-types";
import { clearedNote } from "@/lib/editor/retention-cleared";
import { skipReason } from "@/lib/editor/skip-reason";
import type { EditorStep } from "@/lib/editor/step-ops";
import { formatExactTime } from "@/lib/format-exact-time";
import { formatRetryNote } from "@/lib/format-retry-note";
import { plural } from "@/lib/plural";

const REACHED = new Set(["running", "waiting", "succeeded", "failed", "stopped"]);

function logLines(logs: unknown): string[] {
  if (!Array.isArray(logs)) return [];
  return logs.map((l) => (typeof l === "string" ? l : l && typeof l === "object" && "message" in l ? `${(l as { level?: string }).level ?? "info"}: ${String((l as { message: unknown }).message)}` : JSON.stringify(l)));
}

/** An entry as the list gives it; `step`: this step's record without output (absent for the trigger's list). */
type Row = { run: RunSummary; step: RunStepSummary | undefined };

type EntryProps = { row: Row; stepId: string; isTrigger: boolean; focused: boolean; open: boolean; onToggle: () => void; onRunStarted: () => void };

function RunEntry({ row, stepId, isTrigger, focused, open, onToggle, onRunStarted }: EntryProps) {
  // The run a link opened is scrolled to once: every poll re-renders it, and the reader has
  // moved on by then.
  const scrolled = useRef(false);
  // Fetched once opened (and polled while unfinished); closed again, it stays cached but idle. An
  // entry reads the run without its data and this step's record alone (useRunStep): the run's
  // detail carried every step's output, and opening step 3 read step 2's 4 MB. The trigger's
  // entry too: its payload is step 1's record of it (the trigger's output is the run's payload as
  // stored, secrets masked, 64-bit ids exact); it read the run's detail, 4 MB with a big step 2.
  // Only a run whose step 1 has not recorded it yet (queued) reads the detail, which holds no
  // output then, for the payload.
  const one = useRunStep(row.run.id, stepId, open);
  const recorded = one.overview.data?.steps.find((s) => s.stepId === stepId)?.status === "succeeded";
  const detail = useQuery({ ...runQueryOptions(row.run.id), enabled: open && isTrigger && !!one.overview.data && !recorded });
  const record = one.record?.data;
  const payload = isTrigger ? (recorded && record?.status === "succeeded" ? { trigger: record.output } : detail.data && { trigger: detail.data.trigger }) : {};
  const ready = !!one.overview.data && (isTrigger ? !!payload : !one.record || !!record);
  const full: OpenRun | undefined = open && ready && one.overview.data ? { ...one.overview.data, ...payload } : undefined;
  const stepRun: RunStepView | undefined = !full ? undefined : (record ?? (isTrigger ? detail.data?.steps.find((s) => s.stepId === stepId) : undefined));
  const failure = one.overview.error ?? one.record?.error ?? (isTrigger ? detail.error : null);
  const run: RunSummary = full ?? row.run;
  // What the row shows of the step: the detail's record once there, the list's until then.
  const shown: RunStepSummary | undefined = stepRun ?? row.step;
  const unresolved = unresolvedOf(shown);
  // The tested step's number for "test · step 2": the detail's records, or the list's one.
  const label = testRunLabel({ ...run, steps: full?.steps ?? (row.step ? [row.step] : undefined) });
  return (
    <li
      className={`rounded-lg border bg-white ${focused ? "border-brand-500 ring-1 ring-brand-500" : "border-slate-200"}`}
      data-testid="execution"
      data-run-id={run.id}
      ref={
        focused
          ? (el) => {
              if (!el || scrolled.current) return;
              scrolled.current = true;
              el.scrollIntoView({ block: "nearest" });
            }
          : undefined
      }
    >
      <button type="button" aria-expanded={open} onClick={onToggle} className="flex w-full items-center gap-3 px-3 py-2 text-left text-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
        <ChevronRight className={`h-4 w-4 text-slate-400 transition-transform ${open ? "rotate-90" : ""}`} aria-hidden />
        {/* The step's status as GET /runs/{id} records it: Stop run ends the step it was on as
            failed, so who stopped it is said beside it (README, Runs: Stop and Run again); the
            trigger's entry, the run's, says who or which Conditions branch stopped it. */}
        <RunStatus status={isTrigger || !shown ? run.status : shown.status} />
        {run.status === "stopped" && (isTrigger || shown?.status === "failed") && run.error && (
          <span className="min-w-0 truncate text-xs text-slate-500" title={shown?.error ?? run.error}>
            {run.error}
          </span>
        )}
        {run.test && (
          <span className="inline-flex items-center gap-1 rounded bg-violet-50 px-1.5 text-xs text-violet-700">
            <FlaskConical className="h-3 w-3" aria-hidden /> {label}
          </span>
        )}
        {unresolved.length > 0 && (
          <span className="inline-flex items-center gap-1 rounded bg-amber-50 px-1.5 text-xs text-amber-800" title={unresolved.join(", ")}>
            <TriangleAlert className="h-3 w-3" aria-hidden /> {unresolved.length} unresolved
          </span>
        )}
        {/* When, in the reader's zone with its day, then how long ago: "7 hours ago" alone (UTC on
            hover) left the night's failure to be worked out. The exact time is said once, below. */}
        <time className="ml-auto text-xs text-slate-500" dateTime={run.createdAt} title={new Date(run.createdAt).toLocaleString()}>
          <span aria-hidden>{formatExactTime(run.createdAt)} · </span>
          {relativeTime(new Date(run.createdAt))}
        </time>
        {/* Entries of one status read alike ("succeeded 2 minutes ago" ×3): the exact start tells them
            apart, and the end of the run's id (as Data from names a run) two started in one second. */}
        <span className="sr-only">
          , run …{run.id.slice(-8)}, started {formatExactTime(run.createdAt)}
        </span>
      </button>
      {open &&
        (full ? (
          <RunDetail run={full} stepRun={stepRun} isTrigger={isTrigger} onRunStarted={onRunStarted} />
        ) : (
          <div className="border-t border-slate-100 p-3 text-sm">
            {failure ? (
              <p role="alert" className="text-red-700 wrap-anywhere">Could not load this run: {failure.message}</p>
            ) : (
              <p className="text-slate-500">Loading the run…</p>
            )}
          </div>
        ))}
    </li>
  );
}

/** An open run: without its data (the trigger's entry: with its payload, `trigger`). */
type OpenRun = RunOverview & { trigger?: unknown };

/** An open entry: the run and the step's record, fetched for it. */
function RunDetail({ run, stepRun, isTrigger, onRunStarted }: { run: OpenRun; stepRun: RunStepView | undefined; isTrigger: boolean; onRunStarted: () => void }) {
  // Made once per record: an entry re-renders on every poll of the list.
  const logs = stepRun?.logs;
  const log = useMemo(() => logLines(logs).join("\n"), [logs]);
  const unresolved = unresolvedOf(stepRun);
  // The trigger's own record takes no time: its entry gives the run's start and length instead.
  const times = stepRun ? stepTimes(stepRun, isTrigger ? run : undefined) : null;
  const ended = !stepRun || stepFinished(stepRun);
  // A step not ended yet has no output of its own (a retry's record holds null, or an HTTP
  // Request's failed answer, shown); a Wait's is when it resumes. A failed or skipped one's null is
  // no output, not a value it gave (as in Test & Debug), while a failed HTTP Request's response
  // (status, headers, whole body) is shown. A succeeded step's null is shown: the value it gave.
  const showOutput = !isTrigger && ((stepRun?.output ?? null) !== null || (ended && stepRun?.status !== "failed" && stepRun?.status !== "skipped"));
  // Retention's nulls are not what the run received or produced: said in words instead.
  const cleared = (what: "payload" | "output") => {
    const note = clearedNote(run, what);
    return note && <p data-testid="retention-cleared" className="rounded-md bg-slate-100 p-2 text-slate-600 wrap-anywhere">{note}</p>;
  };
  // With the day unless today: a run from days ago must not read as today's.
  const clock = (iso: string | null | undefined) => (iso ? formatExactTime(iso) : "—");
  return (
    <div className="space-y-3 border-t border-slate-100 p-3 text-sm">
      <RunActions run={run} onRunStarted={onRunStarted} />
      {isTrigger && run.error && <p className="rounded-md bg-red-50 p-2 whitespace-pre-wrap text-red-800 wrap-anywhere">{run.status === "stopped" ? "The run was " : "The run failed: "}{run.error}</p>}
      {isTrigger && (cleared("payload") || <JsonView label="Received payload" value={run.trigger} />)}
      {/* A test of this step alone whose step 1 output was the Testing data says so, as Test & Debug does. */}
      {!isTrigger && stepRun && <TestingDataNote run={run} stepId={stepRun.stepId} />}
      {stepRun?.error && <p className="rounded-md bg-red-50 p-2 whitespace-pre-wrap text-red-800 wrap-anywhere">{formatRetryNote(stepRun.error)}</p>}
      {unresolved.length > 0 && <UnresolvedNote refs={unresolved} />}
      {showOutput && (((stepRun?.output ?? null) === null && cleared("output")) || <StepOutputView label="Output" value={stepRun?.output} />)}
      {log && (
        <div>
          <div className="text-xs font-medium text-slate-600">Log</div>
          {/* Capped as an output is: a Code step's 1,000 lines of 10,000 characters, laid out whole, held the page. */}
          <CappedText text={log} label="Log" fileName="log.txt" type="text/plain" cutTestId="log-view-cut" tone="light" render={logLocalTimes} />
        </div>
      )}
      <dl className="grid grid-cols-3 gap-2 text-xs text-slate-500">
        <div><dt>{times?.startedLabel ?? "Started"}</dt><dd className="text-slate-700">{clock(times?.startedAt)}</dd></div>
        {ended && (
          <>
            <div><dt>Finished</dt><dd className="text-slate-700">{clock(times?.finishedAt)}</dd></div>
            <div><dt>{times?.tookLabel ?? "Took"}</dt><dd className="text-slate-700">{times?.took ?? "—"}</dd></div>
          </>
        )}
      </dl>
      <p className="font-mono text-[11px] text-slate-500">run {run.id}</p>
    </div>
  );
}

export function ExecutionsTab({ step, number }: { step: EditorStep; number: number }) {
  const { workflowId, focus, steps } = useEditor();
  const isTrigger = number === 1;
  // The run a link asked for is shown even when it is not among the pages loaded, open.
  const focusedRun = focus?.stepId === step.id ? focus.runId : null;
  // Which runs are open lives here, not in each entry: an open run holds the list still.
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(focusedRun ? [focusedRun] : []));
  const toggle = (id: string) => setOpen((o) => (o.has(id) ? new Set([...o].filter((x) => x !== id)) : new Set([...o, id])));
  const { reading, props: readingProps, toTop } = useReading();
  // The trigger's are every run; another step's, the runs the server found reached it.
  const runs = useRunWindow(workflowId, isTrigger ? null : step.id, open.size > 0 || reading);
  const listRef = useRef<HTMLUListElement>(null);
  const searched = runs.items;
  // The linked run's detail: the entry is open, and it may be outside the list or not reach this step.
  const linkedQuery = useLinkedRun(focusedRun);
  const elsewhere = linkedNotice(focusedRun, linkedQuery, workflowId);
  // What the tab says of the linked run, in one live region that is always there, first whatever
  // follows (one added with its text is often not read): not this workflow's, or passed this step by.
  const notice = (said: string | null, className: string) => (
    <p role="status" className={said ? `mb-2 rounded-md px-3 py-2 text-sm wrap-anywhere ${className}` : "sr-only"}>
      {said}
    </p>
  );
  const elsewhereNotice = notice(elsewhere, "bg-amber-50 text-amber-900");
  if (runs.isPending)
    return (
      <div>
        {elsewhereNotice}
        <p className="text-sm text-slate-500">Loading executions…</p>
      </div>
    );
  if (runs.error)
    return (
      <div>
        {elsewhereNotice}
        <p role="alert" className="text-sm text-red-700 wrap-anywhere">Could not load executions: {runs.error.message}</p>
      </div>
    );
  // A list held still keeps its entries, but each reads its state from the newest page polled
  // when there (a run that was running when the window was taken shows it has finished).
  const latest = new Map((runs.latest ?? []).map((r) => [r.id, r] as const));
  const rowsOf = (list: readonly RunSummary[]): Row[] =>
    list
      .map((r) => latest.get(r.id) ?? r)
      // A single-step test reached only its own step; its earlier records are copies.
      .filter((run) => !run.targetStepId || run.targetStepId === step.id)
      .map((run) => ({ run, step: run.step ?? undefined }))
      .filter(({ step: s }) => isTrigger || (s && REACHED.has(s.status)));
  // Another workflow's run is not shown as one of this one's.
  const linked = linkedQuery.data?.workflowId === workflowId ? linkedQuery.data : undefined;
  const linkedStep = linked?.steps.find((s) => s.stepId === step.id);
  // The linked run first when the window does not hold it, then each loaded run of the list.
  const linkedOutside = focusedRun && linked && !searched.some((r) => r.id === focusedRun) ? rowsOf([{ ...linked, step: linkedStep }]) : [];
  const segments = runs.segments.map((seg, i) => ({ rows: rowsOf(seg.items), next: seg.next, last: i === runs.segments.length - 1 }));
  const rowCount = linkedOutside.length + segments.reduce((n, s) => n + s.rows.length, 0);
  const lastNext = runs.segments.at(-1)?.next ?? null;
  // Opened from a link on a run that did not execute this step (it took another branch, or
  // ended before it): say so, rather than show nothing.
  const passedBy =
    linked && !isTrigger && !(linkedStep && REACHED.has(linkedStep.status))
      ? `The run you opened (${linked.status}, ${relativeTime(new Date(linked.createdAt))}) ${linkedStep?.status === "skipped" ? `skipped this step: ${skipReason(linked, linkedStep, steps)}` : "did not reach this step."}`
      : null;
  const loadingOlder = lastNext !== null && runs.loadingAfter === lastNext;
  const older =
    lastNext !== null ? (
      <button
        type="button"
        onClick={() => runs.loadAfter(lastNext)}
        disabled={loadingOlder}
        className="mt-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        {loadingOlder ? "Loading older runs…" : "Load older runs"}
      </button>
    ) : null;
  const loadError = runs.loadError ? <p role="alert" className="mt-2 text-sm text-red-700 wrap-anywhere">Could not load more runs: {runs.loadError.message}</p> : null;
  // Shown on request: the new runs above, the list's top in view and focus on the list, so a
  // keyboard user is not left on a button that has gone.
  const showNew = () => {
    runs.reveal();
    listRef.current?.focus({ preventScroll: true });
    toTop();
  };
  const entry = (row: Row) => (
    <RunEntry
      key={row.run.id}
      row={row}
      stepId={step.id}
      isTrigger={isTrigger}
      focused={row.run.id === focusedRun}
      open={open.has(row.run.id)}
      onToggle={() => toggle(row.run.id)}
      onRunStarted={runs.reveal}
    />
  );
  return (
    <div {...readingProps}>
      {passedBy ? notice(passedBy, "bg-slate-100 text-slate-600") : elsewhereNotice}
      <NewEntriesBar fresh={runs.fresh} one="run" many="runs" onShow={showNew} />
      {rowCount === 0 ? (
        // The linked run's detail still on its way: it may be the one entry.
        focusedRun && linkedQuery.isPending ? (
          <p className="text-sm text-slate-500">Loading executions…</p>
        ) : (
          <p className="text-sm text-slate-500">{emptyText(isTrigger, searched.length, lastNext !== null)}</p>
        )
      ) : (
        <ul ref={listRef} tabIndex={-1} className="space-y-2 focus:outline-none" aria-label={`Executions of step ${number}`}>
          {linkedOutside.map(entry)}
          {segments.flatMap(({ rows, next, last }) => [
            ...rows.map(entry),
            // Runs that came between two loaded parts of the list (more than a page arrived).
            ...(!last && next !== null ? [<GapRow key={`gap:${next}`} many="runs" loading={runs.loadingAfter === next} onLoad={() => runs.loadAfter(next)} />] : []),
          ])}
        </ul>
      )}
      {older}
      {loadError}
    </div>
  );
}

/** The linked run's overview, asked for once when it is not there (404: another workspace's, or
 *  none): not again, on a retry, each poll, a return to the tab or the window. */
/** What to say of a linked run that is not one of this workflow's, or could not be read. */
function linkedNotice(runId: string | null, q: { data?: RunOverview; error: Error | null }, workflowId: string): string | null {
  if (!runId) return null;
  const name = `Run …${runId.slice(-8)}`;
  if ((q.data && q.data.workflowId !== workflowId) || (q.error instanceof ApiError && q.error.status === 404)) return `${name} is not a run of this workflow; showing the latest runs.`;
  if (q.error && !q.data) return `${name} could not be loaded (${q.error.message}); showing the latest runs.`;
  return null;
}

/** What was searched and found nothing: every run kept, or the latest so many (more to load). */
function emptyText(isTrigger: boolean, searched: number, more: boolean): string {
  if (more) return `None of the latest ${plural(searched, "run")} reached this step.`;
  if (searched > 0) return `None of this workflow's ${plural(searched, "run")} reached this step.`;
  return isTrigger ? "No runs yet. Run step on Test & Debug, or go Live and POST JSON to the webhook URL; each run appears here within seconds." : "No run has reached this step yet.";
}
