// Which run the Workflow data panel reads, and each earlier step's output in it. One run for
// every step, as n8n shows its last execution: step 2's output next to step 3's is what one run
// produced, so a reference that reads both is tried against data that belongs together (merging
// each step's latest output across runs put a field of one alert next to another's). Which run
// is named in the panel. Pure and client-safe.
import type { StepOutputSource } from "@/lib/editor/data-tree";
import { clearedOn } from "@/lib/editor/retention-cleared";
import { skipReason, type SkipDefinition } from "@/lib/editor/skip-reason";

/** `number`, `kind`, `name` and `error` (the run view has them) let a skipped step say why. */
export type DataRunStep = { stepId: string; status: string; output?: unknown; number?: number; kind?: string; name?: string | null; error?: string | null };
/** `scope` "step" with no `targetStepId`: Run step on the trigger, which records step 1 only.
 *  `outputsClearedAt`: retention cleared its payload and outputs (their nulls are not outputs). */
export type DataRun = { id: string; status: string; test: boolean; scope?: string; targetStepId?: string | null; createdAt: string; outputsClearedAt?: string | null; steps: readonly DataRunStep[] };

export const oneStep = (run: Pick<DataRun, "scope" | "targetStepId">) => run.scope === "step" || !!run.targetStepId;

/** `runs` newest first. The one the user picked when it is among them; otherwise the newest that
 *  has an output yet (a run just queued has none and would only blank the panel). */
export function pickDataRun<R extends DataRun>(runs: readonly R[], pickedId: string | null): R | null {
  if (pickedId) {
    const picked = runs.find((r) => r.id === pickedId);
    if (picked) return picked;
  }
  // A run retention cleared has no outputs left: a newer-looking one that kept them is preferred,
  // the cleared one only shown (saying so) when no other has any.
  const ran = (r: R) => r.steps.some((s) => s.status === "succeeded");
  return runs.find((r) => ran(r) && !r.outputsClearedAt) ?? runs.find(ran) ?? null;
}

const MISSING: Record<string, string> = {
  skipped: "skipped in this run",
  failed: "failed in this run",
  pending: "not reached yet",
  running: "running…",
  waiting: "waiting…",
};

/** Why the run skipped the step, as Executions and Test & Debug say it (lib/editor/skip-reason.ts). */
function skipped(run: DataRun, rec: DataRunStep, definition: SkipDefinition | undefined): string {
  if (rec.number === undefined || run.steps.some((s) => s.number === undefined)) return MISSING.skipped;
  const records = run.steps as readonly (DataRunStep & { number: number })[];
  return `skipped in this run: ${skipReason({ status: run.status, steps: records }, { number: rec.number, error: rec.error }, definition)}`;
}

/** The steps in order, each with its output in `run` or, without one, why (null run: no run yet).
 *  `definition`, the whole workflow as the editor holds it, names the branch that skipped a step. */
export function dataFromRun(run: DataRun | null, steps: readonly { id: string; name: string; kind: string }[], definition?: SkipDefinition): StepOutputSource[] {
  const byStep = new Map(run?.steps.map((s) => [s.stepId, s]) ?? []);
  const cleared = run ? clearedOn(run) : null;
  return steps.map((s, i) => {
    const base = { number: i + 1, name: s.name, kind: s.kind };
    const rec = byStep.get(s.id);
    // Retention left null where the output was: not an output of null.
    if (cleared && rec?.status === "succeeded" && (rec.output ?? null) === null) return { ...base, output: undefined, hasOutput: false, missing: `cleared by retention on ${cleared}` };
    if (rec?.status === "succeeded" && rec.output !== undefined) return { ...base, output: rec.output, hasOutput: true };
    const missing = !run
      ? "no output yet"
      : rec
        ? rec.status === "skipped"
          ? skipped(run, rec, definition)
          : (MISSING[rec.status] ?? `${rec.status} in this run`)
        : oneStep(run)
          ? "not part of this test"
          : "not in this run";
    return { ...base, output: undefined, hasOutput: false, missing };
  });
}
