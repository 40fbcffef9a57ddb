"use client";
// Workflow data: the numbered outputs of earlier steps as an expandable tree with types and
// sample values, all from one run (lib/editor/data-run.ts): the latest with an output, or one
// picked from the recent ones, named above the tree (test or live, status, when). Clicking a
// field, or Enter on it, inserts its reference at the cursor of the field last edited; dragging
// it drops it. The tree and its keys: data-tree-view.tsx.
// A step of a sibling branch is listed without its output, saying it never runs before this one.
// The recent runs are read without their data (…?outputs=false: statuses, errors, times), and
// only the outputs the tree shows are read, one step's at a time, each as a preview cut to what the
// tree draws (GET /runs/{id}/steps/{stepId}?preview=true: the first items of each array, the cuts
// said): the panel read every output of each of the 10 latest runs, 41 MB for ten runs with a
// 4 MB output, to show at most one run's earlier steps, and then that one output whole.
// In a short window (`short:`, globals.css; 200% zoom on a laptop) the whole panel is one scroll
// container, as the step panel: the title, run picker and help scroll away with the tree, which
// otherwise had the ~120 px left under them at 640×400. Taller, only the tree scrolls.
import { useId, useMemo, useState, useSyncExternalStore } from "react";
import { useQueries, type UseQueryResult } from "@tanstack/react-query";
import { Database } from "lucide-react";
import { runOverviewQueryOptions, runStepPreviewQueryOptions, useRunsQuery } from "@/components/editor/api";
import { useEditor } from "@/components/editor/editor-context";
import { getInsertTarget, subscribeInsertTarget } from "@/components/editor/insert-target";
import { HidePanelButton } from "@/components/editor/panel-toggle";
import { DataTreeView } from "@/components/editor/panels/data-tree-view";
import { inputClass } from "@/components/resources/api-fetch";
import { cn } from "@/components/ui/cn";
import { relativeTime } from "@/components/ui/relative-time";
import type { RunOverview, RunStepPreview } from "@/lib/editor/api-types";
import { runKindLabel } from "@/components/runs/test-run-kind";
import { neverRanBefore, ranBefore, ranOnSomeRunsNoted } from "@/lib/editor/branch-paths";
import { dataFromRun, pickDataRun, type DataRun } from "@/lib/editor/data-run";
import type { StepOutputSource } from "@/lib/editor/data-tree";
import { clearedNote } from "@/lib/editor/retention-cleared";
import { buildDataTree, type DataNode } from "@/lib/editor/data-tree";
import type { EditorStep } from "@/lib/editor/step-ops";
import { formatExactTime } from "@/lib/format-exact-time";

/** How many recent runs the panel offers (each one read without its data; finished ones once). */
const RECENT_RUNS = 10;

/** The steps the tree lists (those before the selected one; every step with none selected) and,
 *  of them, the ones whose output it may show: a step of a sibling branch never runs before it. */
type Listed = { earlier: EditorStep[]; shown: ReadonlySet<string>; number: number; some: ReadonlyMap<string, string> };

function useListed(steps: EditorStep[], selectedId: string | null): Listed {
  return useMemo(() => {
    const before = selectedId ? ranBefore(steps).get(selectedId) ?? null : null;
    const upTo = selectedId ? steps.findIndex((s) => s.id === selectedId) : steps.length;
    const earlier = steps.slice(0, upTo < 0 ? steps.length : upTo);
    // Steps only some runs reaching the selected one have run (a nested branch's route): noted,
    // naming the route as a field reading them does.
    const some = selectedId ? ranOnSomeRunsNoted(steps, selectedId) : new Map<string, string>();
    return { earlier, shown: new Set(earlier.filter((s) => !before || before.has(s.id)).map((s) => s.id)), number: upTo + 1, some };
  }, [steps, selectedId]);
}

/** Why a listed step shows no output though the run has one: a sibling branch's, or not read yet.
 *  A previewed output comes with its cuts. */
function withoutOutput(sources: StepOutputSource[], { earlier, shown, number, some }: Listed, { reading, cuts }: Outputs): StepOutputSource[] {
  return sources.map((src, i) => {
    const id = earlier[i].id;
    if (!shown.has(id)) return { ...src, output: undefined, hasOutput: false, missing: neverRanBefore(number) };
    const noted = some.has(id) ? { ...src, note: some.get(id) } : src;
    const note = reading.get(id);
    if (note && !src.hasOutput) return { ...noted, missing: note };
    return src.hasOutput && cuts.has(id) ? { ...noted, cuts: cuts.get(id) } : noted;
  });
}

type Outputs = { outputs: ReadonlyMap<string, unknown>; cuts: ReadonlyMap<string, RunStepPreview["preview"]["cuts"]>; reading: ReadonlyMap<string, string> };

/** What the step records read so far give: each output by its step, and one line per record in
 *  the order asked ("" read, else why not yet) — a string, so it compares equal while nothing
 *  arrives. Module-level: a combine that stays the same keeps its answer from render to render. */
function combineSteps(results: UseQueryResult<RunStepPreview>[]) {
  const outputs = new Map(results.flatMap((r) => (r.data ? [[r.data.stepId, r.data.output] as const] : [])));
  const cuts = new Map(results.flatMap((r) => (r.data ? [[r.data.stepId, r.data.preview?.cuts ?? []] as const] : [])));
  const states = results.map((r) => (r.data ? "" : r.error ? `could not load its output: ${r.error.message.replace(/\n/g, " ")}` : "loading its output…")).join("\n");
  return { outputs, cuts, states };
}

/** The outputs of `run` the tree shows, each read once its step has succeeded (a step's output is
 *  final then), and what to say of each still on its way or that could not be read. */
function useShownOutputs(run: RunOverview | null, listed: Listed): Outputs {
  const wanted = run && !run.outputsClearedAt ? run.steps.filter((s) => s.status === "succeeded" && listed.shown.has(s.stepId)).map((s) => s.stepId) : [];
  const { outputs, cuts, states } = useQueries({ queries: wanted.map((stepId) => runStepPreviewQueryOptions(run!.id, stepId)), combine: combineSteps });
  // Step ids hold no newline.
  const ids = wanted.join("\n");
  const reading = useMemo(() => {
    const lines = states.split("\n");
    return new Map(ids.split("\n").flatMap((id, i) => (lines[i] ? [[id, lines[i]] as const] : [])));
  }, [ids, states]);
  return { outputs, cuts, reading };
}

/** The tree, from the settled steps and once per change of them (editor-context): not again before
 *  each character typed into a step's field. */
function useDataTree(run: RunOverview | null, steps: EditorStep[], listed: Listed, { outputs, cuts, reading }: Outputs): DataNode[] {
  return useMemo(() => {
    const withOutputs: DataRun | null = run && { ...run, steps: run.steps.map((s) => (outputs.has(s.stepId) ? { ...s, output: outputs.get(s.stepId) } : s)) };
    return buildDataTree(withoutOutput(dataFromRun(withOutputs, listed.earlier, steps), listed, { outputs, cuts, reading }));
  }, [run, steps, listed, outputs, cuts, reading]);
}

/** `onHide` adds the Hide button (side by side layout); `className` hides the panel there when collapsed. */
export function DataPanel({ onHide, className }: { onHide?: () => void; className?: string }) {
  const { workflowId, steps, settledSteps, selectedId, focus } = useEditor();
  const runs = useRunsQuery(workflowId, 20);
  // null: follow the latest run; an id: that run, until the user picks another. Opened on a run
  // (?run=…, the Runs page's step link), that run, as the canvas and Run step read it: the latest
  // run's outputs were shown beside a canvas marked with the linked run's failure. A link followed
  // inside the editor picks its run too (state adjusted while rendering, as canvas-run.tsx does).
  const linkedId = focus?.runId ?? null;
  const [picked, setPicked] = useState<string | null>(linkedId);
  const [linkSeen, setLinkSeen] = useState(linkedId);
  if (linkSeen !== linkedId) {
    setLinkSeen(linkedId);
    if (linkedId) setPicked(linkedId);
  }
  const ids = (runs.data?.runs ?? []).slice(0, RECENT_RUNS).map((r) => r.id);
  if (picked && !ids.includes(picked)) ids.push(picked);
  const overviews = useQueries({ queries: ids.map((id) => runOverviewQueryOptions(id)) });
  const target = useSyncExternalStore(subscribeInsertTarget, getInsertTarget, () => null);
  const hintId = useId();
  // The last pick's confirmation holds for the step and the step list it was made in: another
  // step selected, or steps added, removed or moved (references renumbered), and it no longer
  // says what is true, so the help text comes back. Edits inside a step (the insert itself) keep it.
  const context = `${selectedId}|${steps.map((s) => s.id).join(",")}`;
  const [flash, setFlash] = useState<{ text: string; context: string } | null>(null);
  const shownFlash = flash?.context === context ? flash.text : null;
  // Gone for good once its context has gone: coming back to the step must not bring it back
  // (state adjusted while rendering, React's pattern for following a changed input).
  const [seenContext, setSeenContext] = useState(context);
  if (seenContext !== context) {
    setSeenContext(context);
    if (flash && flash.context !== context) setFlash(null);
  }

  // Another workflow's run (a link to one, edited by hand) is none of this panel's.
  const loaded = overviews.flatMap((d) => (d.data && d.data.workflowId === workflowId ? [d.data] : []));
  const latest = pickDataRun(loaded, null);
  const run = pickDataRun(loaded, picked);
  // To the second (with the day unless today): a burst of deliveries are all "3 minutes ago", and
  // each line must tell its run apart (with its id's end too, for runs within one second: a
  // delivery's id starts with its time, UUIDv7).
  const describe = (r: RunOverview) => `${runKindLabel(r, steps)} · ${r.status} · ${relativeTime(new Date(r.createdAt))}, ${formatExactTime(r.createdAt)} · run …${r.id.slice(-8)}`;

  // Earlier steps of a sibling branch (or that no branch reaches) never ran on a run that reaches
  // the selected step: their outputs are not offered as data (lib/editor/branch-paths.ts).
  const listed = useListed(settledSteps, selectedId);
  const tree = useDataTree(run, settledSteps, listed, useShownOutputs(run, listed));
  const cleared = run ? clearedNote(run, "run") : null;

  const pick = (ref: string) => {
    const t = getInsertTarget();
    if (!t) return setFlash({ text: "Go to a field of the step first (click or Tab into it), then pick a value here.", context });
    t.insert(ref);
    setFlash({ text: `Inserted ${ref} into ${t.label}`, context });
  };

  return (
    <aside aria-label="Workflow data" className={cn("flex h-full w-72 shrink-0 flex-col border-l border-slate-200 bg-white short:overflow-y-auto", className)}>
      <div className="border-b border-slate-200 px-3 py-2.5">
        <div className="flex items-center justify-between">
          <h2 className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
            <Database className="h-3.5 w-3.5" aria-hidden /> Workflow data
          </h2>
          {onHide && <HidePanelButton panel="data" onClick={onHide} />}
        </div>
        {loaded.length > 0 && (
          <label className="mt-2 block text-xs font-medium text-slate-600">
            Data from
            <select
              value={run && picked === run.id ? picked : ""}
              onChange={(e) => setPicked(e.target.value || null)}
              className={cn(inputClass, "mt-1 py-1 text-xs")}
              title={run ? `run ${run.id}, started ${new Date(run.createdAt).toUTCString()}` : undefined}
            >
              <option value="">{latest ? `Latest: ${describe(latest)}` : "Latest run"}</option>
              {loaded.map((r) => (
                <option key={r.id} value={r.id}>
                  {describe(r)}
                </option>
              ))}
            </select>
          </label>
        )}
        {/* Only the answer to a pick is live: the help changes with every field focused and every
            run that ends, and would be spoken unasked. The live region is always there (one added
            with its text is often not read). */}
        <p id={hintId} data-testid="data-panel-hint" className="mt-1 text-xs text-slate-500">
          {shownFlash
            ? null
            : target
              ? `Click a field or press Enter on it to insert it into “${target.label}”, or drag it there.`
              : "Outputs of earlier steps. Go to a step field first, then click a value here or press Enter on it to insert its reference."}
          <span role="status">{shownFlash}</span>
        </p>
      </div>
      <div data-testid="data-tree-scroll" className="min-h-0 flex-1 overflow-y-auto p-2 short:flex-none short:overflow-visible">
        {tree.length === 0 ? (
          <p className="p-2 text-sm text-slate-500">No earlier steps. Step 1 (the trigger) feeds the steps after it.</p>
        ) : (
          <DataTreeView tree={tree} runId={run?.id} onPick={pick} describedBy={hintId} />
        )}
        {tree.length > 0 && !run && (
          <p className="p-2 text-xs text-slate-500">No outputs yet: Run step on the trigger&apos;s Test &amp; Debug tab to fill this in.</p>
        )}
        {cleared && tree.length > 0 && (
          <p data-testid="retention-cleared" className="p-2 text-xs text-slate-600">
            {cleared} Choose a newer run above, or test the workflow, for data to pick from.
          </p>
        )}
        {run && !cleared && tree.some((n) => n.empty) && (
          <p className="p-2 text-xs text-slate-500">Every output here is from the run chosen above. A step without one: test it (Run step), or choose another run.</p>
        )}
      </div>
    </aside>
  );
}
