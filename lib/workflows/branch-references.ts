// References to an earlier step that never runs before the step that reads them: a step on
// another branch of a Conditions step, or a step no run reaches. Such a reference resolves to
// nothing on every run (the engine lists it as unresolved and reads null or ""), so it is held as
// an unfinished step is: a Draft saves it, going Live is refused (assert-live-ready.ts), the
// editor marks the step and says why under the field, and a run that still reaches it (a
// workflow Live from before this check) fails naming the reason (lib/runs/execute-step.ts).
//
// The paths are walked with the run's own rule (lib/runs/plan-path.ts: a branch runs from its
// target up to the next target of the same Conditions step, then the run ends; a nested
// Conditions step may jump past its branch's end and take the new bound), so "can have run
// before" means what a run does. Where a later Conditions step's branch leads into steps another
// branch reaches too, a step there may read either branch's step: the runs that came that way
// have its output (the others read it as empty), so that is not refused. Pure and client-safe.
import { branchEnd } from "@/lib/runs/plan-path";
import { conditionsConfig } from "@/lib/steps/catalog";
import { branchLabel } from "@/lib/steps/step-label";
import { bindsOwnSteps, findCodeStepReads } from "@/lib/workflows/code-step-reads";
import type { Step } from "@/lib/workflows/definition";
import { parseReference, REFERENCE_PATTERN, stringLeaves, templateFields, type ReferenceProblem } from "@/lib/workflows/references";

type Steps = readonly Pick<Step, "id" | "kind" | "config">[];
type Edge = { to: string; via?: { conditions: number; branch: string } };
/** A run's place: the step it is at and the (exclusive) end of the branch it is in, 1-based. */
type Paths = { at: Map<string, number>; next: Map<string, Edge[]> };

const key = (pos: number, end: number) => `${pos}:${end}`;

/** Every (step, branch end) a run can be at, and where it goes from each, as execute-run.ts walks. */
function walkPaths(steps: Steps): Paths {
  const at = new Map<string, number>();
  const next = new Map<string, Edge[]>();
  if (steps.length === 0) return { at, next };
  const index = new Map(steps.map((s, i) => [s.id, i + 1]));
  const last = steps.length + 1;
  const stack: [number, number][] = [[1, last]];
  while (stack.length) {
    const [pos, end] = stack.pop()!;
    const k = key(pos, end);
    if (at.has(k)) continue;
    at.set(k, pos);
    const edges: Edge[] = [];
    const step = steps[pos - 1];
    if (step.kind === "conditions") {
      const cfg = conditionsConfig.safeParse(step.config);
      const branches = cfg.success ? [...cfg.data.branches, { id: "otherwise", target: cfg.data.otherwise.target }] : [];
      for (const b of branches) {
        const to = b.target === null || b.target === "stop" ? 0 : (index.get(b.target) ?? 0);
        if (to <= pos) continue; // ends the run (Stop, end of run, or a target the run refuses)
        const bound = Math.min(branchEnd(steps as Step[], pos, to, end), last);
        edges.push({ to: key(to, bound), via: { conditions: pos, branch: b.id } });
        stack.push([to, bound]);
      }
    } else if (pos + 1 < end) {
      edges.push({ to: key(pos + 1, end) });
      stack.push([pos + 1, end]);
    }
    next.set(k, edges);
  }
  return { at, next };
}

/** The steps a run can go on to from any of `from` (those included). */
function onwards(paths: Paths, from: readonly string[]): Set<number> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length) {
    const k = stack.pop()!;
    if (seen.has(k)) continue;
    seen.add(k);
    for (const e of paths.next.get(k) ?? []) stack.push(e.to);
  }
  return new Set([...seen].map((k) => paths.at.get(k)!));
}

/** The steps each branch of each Conditions step leads a run through, by "conditions:branch". */
function branchSteps(paths: Paths): Map<string, { conditions: number; branch: string; steps: Set<number> }> {
  const starts = new Map<string, { conditions: number; branch: string; from: string[] }>();
  for (const edges of paths.next.values()) {
    for (const e of edges) {
      if (!e.via) continue;
      const k = `${e.via.conditions}:${e.via.branch}`;
      starts.set(k, { ...e.via, from: [...(starts.get(k)?.from ?? []), e.to] });
    }
  }
  return new Map([...starts].map(([k, b]) => [k, { conditions: b.conditions, branch: b.branch, steps: onwards(paths, b.from) }]));
}

/** Why step `n` has never run when step `number` reads it. */
function why(steps: Steps, paths: Paths, shown: string, n: number, number: number, branches: () => ReturnType<typeof branchSteps>): string {
  if (![...paths.at.values()].includes(n)) {
    return `${shown} refers to step ${n}, which no run reaches (no branch or Otherwise of a Conditions step leads to it), so it never has an output to read`;
  }
  // The latest Conditions step that sends step n and this step down different branches.
  const all = [...branches().values()];
  for (const c of [...new Set(all.map((b) => b.conditions))].sort((a, b) => b - a)) {
    const own = all.filter((b) => b.conditions === c);
    const theirs = own.find((b) => b.steps.has(n) && !b.steps.has(number));
    const mine = own.find((b) => b.steps.has(number) && !b.steps.has(n));
    if (!theirs || !mine) continue;
    const config = steps[c - 1].config;
    return `${shown} refers to step ${n}, which is on ${branchLabel(config, theirs.branch)} of step ${c}; this step is on ${branchLabel(config, mine.branch)}, so no run that reaches it has run step ${n} (read a step before step ${c}, or one on its own branch)`;
  }
  return `${shown} refers to step ${n}, which never runs on a run that reaches this step (another branch), so it has no output to read here`;
}

/**
 * References (`{{ n.path }}`, a Code body's `steps[n]`) to an earlier step that no run reaching
 * the reading step has run. A step no run reaches is not judged: it never reads anything. Later,
 * missing and removed steps are findReferenceErrors' (references.ts), not repeated here.
 * `only`: judge step `only`'s references alone (a run, about to execute it). `reads`: the step read.
 */
export function findBranchReferenceErrors(steps: Steps, only?: number): (ReferenceProblem & { reads: number })[] {
  const reads: { number: number; field: string; shown: string; n: number }[] = [];
  for (const [i, step] of steps.entries()) {
    const number = i + 1;
    if (only !== undefined && number !== only) continue;
    for (const [field, text] of stringLeaves(templateFields(step))) {
      for (const [, inner] of text.matchAll(REFERENCE_PATTERN)) {
        const ref = parseReference(inner);
        if (ref?.type === "step" && ref.step >= 1 && ref.step < number) reads.push({ number, field, shown: `{{ ${inner.trim()} }}`, n: ref.step });
      }
    }
    if (step.kind === "code" && typeof step.config.code === "string" && !bindsOwnSteps(step.config.code)) {
      for (const read of findCodeStepReads(step.config.code).reads) {
        if (read.step >= 1 && read.step < number) reads.push({ number, field: "code", shown: `steps[${read.step}]`, n: read.step });
      }
    }
  }
  if (reads.length === 0) return [];
  const paths = walkPaths(steps);
  const reached = new Set(paths.at.values());
  const after = new Map<number, Set<number>>();
  const runAfter = (n: number) => {
    if (!after.has(n)) after.set(n, onwards(paths, [...paths.at].flatMap(([k, pos]) => (pos === n ? [k] : []))));
    return after.get(n)!;
  };
  let cached: ReturnType<typeof branchSteps> | undefined;
  const branches = () => (cached ??= branchSteps(paths));
  const problems: (ReferenceProblem & { reads: number })[] = [];
  const said = new Set<string>();
  for (const r of reads) {
    if (!reached.has(r.number) || runAfter(r.n).has(r.number)) continue;
    const once = `${r.number}|${r.field}|${r.n}`;
    if (said.has(once)) continue;
    said.add(once);
    problems.push({ step: r.number, stepId: steps[r.number - 1].id, field: r.field, message: why(steps, paths, r.shown, r.n, r.number, branches), reads: r.n });
  }
  return problems;
}
