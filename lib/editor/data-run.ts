// Which run the Workflow data panel reads, and each earlier step's output in it. One run for
// every step, as n8n shows its last execution: step 2's output next to step 3's is what one run
// produced, so a reference that reads both is tried against data that belongs together (merging
// each step's latest output across runs put a field of one alert next to another's). Which run
// is named in the panel. Pure and client-safe.
import type { StepOutputSource } from "@/lib/editor/data-tree";

export type DataRunStep = { stepId: string; status: string; output?: unknown };
/** `scope` "step" with no `targetStepId`: Run step on the trigger, which records step 1 only. */
export type DataRun = { id: string; status: string; test: boolean; scope?: string; targetStepId?: string | null; createdAt: string; steps: readonly DataRunStep[] };

const oneStep = (run: Pick<DataRun, "scope" | "targetStepId">) => run.scope === "step" || !!run.targetStepId;

/** `runs` newest first. The one the user picked when it is among them; otherwise the newest that
 *  has an output yet (a run just queued has none and would only blank the panel). */
export function pickDataRun<R extends DataRun>(runs: readonly R[], pickedId: string | null): R | null {
  if (pickedId) {
    const picked = runs.find((r) => r.id === pickedId);
    if (picked) return picked;
  }
  return runs.find((r) => r.steps.some((s) => s.status === "succeeded")) ?? null;
}

const MISSING: Record<string, string> = {
  skipped: "skipped in this run",
  failed: "failed in this run",
  pending: "not reached yet",
  running: "running…",
  waiting: "waiting…",
};

/** The steps in order, each with its output in `run` or, without one, why (null run: no run yet). */
export function dataFromRun(run: DataRun | null, steps: readonly { id: string; name: string; kind: string }[]): StepOutputSource[] {
  const byStep = new Map(run?.steps.map((s) => [s.stepId, s]) ?? []);
  return steps.map((s, i) => {
    const base = { number: i + 1, name: s.name, kind: s.kind };
    const rec = byStep.get(s.id);
    if (rec?.status === "succeeded" && rec.output !== undefined) return { ...base, output: rec.output, hasOutput: true };
    const missing = !run ? "no output yet" : rec ? (MISSING[rec.status] ?? `${rec.status} in this run`) : oneStep(run) ? "not part of this test" : "not in this run";
    return { ...base, output: undefined, hasOutput: false, missing };
  });
}

/** "Test run" (Run now, Run again), "Test of step 3" (Run step on step 3; the trigger's is step 1),
 *  or "Live run" (a delivery or a schedule). */
export function runKindLabel(run: Pick<DataRun, "test" | "scope" | "targetStepId">, steps: readonly { id: string }[]): string {
  if (!run.test) return "Live run";
  if (!oneStep(run)) return "Test run";
  const n = run.targetStepId ? steps.findIndex((s) => s.id === run.targetStepId) + 1 : 1;
  return n > 0 ? `Test of step ${n}` : "Test of a removed step";
}
