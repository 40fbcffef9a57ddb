// Which earlier run a single-step test (Run step on step n >= 2) borrows its inputs from: the
// newest run — test or real — that has a succeeded output for the trigger and for every earlier
// step the tested step references ({{ k.… }}, or a Code step's `steps[k]`). Pure, so the rule is
// unit-tested on its own.
import { STEP_CATALOG } from "@/lib/steps/catalog";
import type { Step } from "@/lib/workflows/definition";
import { findCodeStepReads } from "@/lib/workflows/code-step-reads";
import { parseReference, REFERENCE_PATTERN, templateFields } from "@/lib/workflows/references";

export type SourceRecord = { stepId: string; output: unknown; startedAt: Date | null; finishedAt: Date | null };
export type SourceRun = { id: string; trigger: unknown; records: readonly SourceRecord[] };

export type PickStepTestSourceResult =
  | { ok: true; run: SourceRun; copy: (SourceRecord & { number: number; kind: Step["kind"] })[] }
  /** No run has step 1's output, but the webhook's Testing data stands for it. */
  | { ok: true; run: null; copy: (SourceRecord & { number: number; kind: Step["kind"] })[] }
  | { ok: false; missing: number[] };

/** Step 1's log in a step test whose trigger output is the webhook's Testing data; the editor's
 *  Test result shows it. */
export const TESTING_DATA_NOTE = "Step 1's output is its Testing data (no run had one yet)";

function* strings(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) for (const v of value) yield* strings(v);
  else if (value !== null && typeof value === "object") for (const v of Object.values(value)) yield* strings(v);
}

/** Step numbers below `number` that the step's templates (or code) read, plus the trigger (1). */
export function requiredEarlierSteps(step: Pick<Step, "kind" | "config">, number: number): number[] {
  const needed = new Set<number>([1]);
  const read = (n: number) => n >= 1 && n < number && needed.add(n);
  for (const text of strings(templateFields(step))) {
    for (const [, inner] of text.matchAll(REFERENCE_PATTERN)) {
      const ref = parseReference(inner);
      if (ref?.type === "step") read(ref.step);
    }
  }
  if (step.kind === "code" && typeof step.config.code === "string") for (const r of findCodeStepReads(step.config.code).reads) read(r.step);
  return [...needed].sort((a, b) => a - b);
}

/** `runs` newest first. Copies every earlier step the chosen run has an output for. With no run
 *  holding step 1's output, a webhook's saved Testing data is step 1's output, as Run step on the
 *  trigger would record it (the sample is what the spec says Run step uses); any other earlier
 *  step the tested one reads still needs a run of its own. */
export function pickStepTestSource(steps: readonly Step[], number: number, runs: readonly SourceRun[]): PickStepTestSourceResult {
  const trigger = steps[0];
  const hasStep1 = runs.some((run) => run.records.some((r) => r.stepId === trigger?.id));
  if (!hasStep1 && trigger?.kind === "webhook" && trigger.config.testingData !== undefined) {
    const missing = requiredEarlierSteps(steps[number - 1], number).filter((n) => n !== 1);
    if (missing.length > 0) return { ok: false, missing };
    const output = trigger.config.testingData;
    return { ok: true, run: null, copy: [{ stepId: trigger.id, output, startedAt: null, finishedAt: null, number: 1, kind: trigger.kind }] };
  }
  const earlier = steps.slice(0, number - 1);
  const required = requiredEarlierSteps(steps[number - 1], number);
  let best: number[] | null = null;
  for (const run of runs) {
    const byStep = new Map(run.records.map((r) => [r.stepId, r]));
    const missing = required.filter((n) => !byStep.has(earlier[n - 1].id));
    if (missing.length === 0) {
      const copy = earlier.flatMap((s, i) => {
        const rec = byStep.get(s.id);
        return rec ? [{ ...rec, number: i + 1, kind: s.kind }] : [];
      });
      return { ok: true, run, copy };
    }
    if (!best || missing.length < best.length) best = missing;
  }
  return { ok: false, missing: best ?? required };
}

/** "step 1 (Webhook) and step 2 (Data Transformation)". */
export function describeSteps(steps: readonly Step[], numbers: readonly number[]): string {
  const parts = numbers.map((n) => `step ${n} (${STEP_CATALOG[steps[n - 1].kind]?.label ?? steps[n - 1].kind})`);
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}
