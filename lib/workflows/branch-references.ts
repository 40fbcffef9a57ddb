// References to an earlier step that never runs before the step that reads them: a step on
// another branch of a Conditions step, or a step no run reaches. Such a reference resolves to
// nothing on every run (the engine lists it as unresolved and reads null or ""), so it is held as
// an unfinished step is: a Draft saves it, going Live is refused (assert-live-ready.ts), the
// editor marks the step and says why under the field, and a run that still reaches it (a
// workflow Live from before this check) fails naming the reason (lib/runs/execute-step.ts).
//
// The paths are walked with the run's own rule (lib/workflows/run-paths.ts over lib/runs/plan-path.ts: a branch runs from its
// target up to the next target of the same Conditions step, then the run ends; a nested
// Conditions step may jump past its branch's end and take the new bound), so "can have run
// before" means what a run does. Where a later Conditions step's branch leads into steps another
// branch reaches too, a step there may read either branch's step: the runs that came that way
// have its output (the others read it as empty), so that is not refused — the field says so
// instead, naming the route those runs came by (findPartialReads). Pure and client-safe.
import { branchLabel } from "@/lib/steps/step-label";
import { bindsOwnSteps, findCodeStepReads } from "@/lib/workflows/code-step-reads";
import { parseReference, REFERENCE_PATTERN, stringLeaves, templateFields, type ReferenceProblem } from "@/lib/workflows/references";
import { runPaths, type PathSteps, type RunPaths } from "@/lib/workflows/run-paths";

type Steps = PathSteps;

/** Why step `n` has never run when step `number` reads it. */
function why(steps: Steps, paths: RunPaths, shown: string, n: number, number: number): string {
  if (!paths.reached.has(n)) {
    return `${shown} refers to step ${n}, which no run reaches (no branch or Otherwise of a Conditions step leads to it), so it never has an output to read`;
  }
  // The latest Conditions step that sends step n and this step down different branches.
  const all = [...paths.branches.values()].filter((b) => paths.reached.has(b.conditions));
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

type Read = { number: number; field: string; shown: string; n: number };

/** Every reference (`{{ n.path }}`, a Code body's `steps[n]`) to an earlier step; `only`: step `only`'s alone. */
function earlierReads(steps: Steps, only?: number): Read[] {
  const reads: Read[] = [];
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
  return reads;
}

/** The reads `keep` picks, each step, field and step read once, with `say`'s message. */
function judged(steps: Steps, reads: Read[], keep: (paths: RunPaths, r: Read) => boolean, say: (paths: RunPaths, r: Read) => string) {
  if (reads.length === 0) return [];
  const paths = runPaths(steps);
  const problems: (ReferenceProblem & { reads: number })[] = [];
  const said = new Set<string>();
  for (const r of reads) {
    if (!paths.reached.has(r.number) || !keep(paths, r)) continue;
    const once = `${r.number}|${r.field}|${r.n}`;
    if (said.has(once)) continue;
    said.add(once);
    problems.push({ step: r.number, stepId: steps[r.number - 1].id, field: r.field, message: say(paths, r), reads: r.n });
  }
  return problems;
}

/**
 * References (`{{ n.path }}`, a Code body's `steps[n]`) to an earlier step that no run reaching
 * the reading step has run. A step no run reaches is not judged: it never reads anything. Later,
 * missing and removed steps are findReferenceErrors' (references.ts), not repeated here.
 * `only`: judge step `only`'s references alone (a run, about to execute it). `reads`: the step read.
 */
export function findBranchReferenceErrors(steps: Steps, only?: number): (ReferenceProblem & { reads: number })[] {
  return judged(
    steps,
    earlierReads(steps, only),
    (paths, r) => !paths.ranBefore(r.number).has(r.n),
    (paths, r) => why(steps, paths, r.shown, r.n, r.number),
  );
}

/** The route, in words, by which the runs that ran step n come to step m: "Conditions step 2
 *  takes Otherwise", "Conditions step 2 takes branch "A" and Conditions step 3 takes branch "X"".
 *  Null when no one route sets those runs apart. The field notes here and the Workflow data
 *  panel's note (lib/editor/branch-paths.ts) both say it, so they name the same route. */
export function routeWords(steps: Steps, paths: RunPaths, n: number, m: number): string | null {
  const route = paths.routeTo(n, m);
  return route.length ? route.map((c) => `Conditions step ${c.conditions} takes ${branchLabel(steps[c.conditions - 1].config, c.branch)}`).join(" and ") : null;
}

/**
 * References to an earlier step that some runs reaching the reading step have run and others
 * have not: a nested Conditions step's branch leading past its branch's end brings runs to the
 * step by a route that skipped it. Not refused (the runs that came that way have its output);
 * the editor says under the field which route that is, since the others read it as empty.
 */
export function findPartialReads(steps: Steps): (ReferenceProblem & { reads: number })[] {
  return judged(
    steps,
    earlierReads(steps),
    (paths, r) => paths.ranBefore(r.number).has(r.n) && !paths.alwaysBefore(r.number).has(r.n),
    (paths, r) => {
      const route = routeWords(steps, paths, r.n, r.number);
      return route
        ? `${r.shown} reads step ${r.n}, which has run only when ${route}; runs that come another way reach this step without it, and there it reads as empty`
        : `${r.shown} reads step ${r.n}, which only some of the runs that reach this step have run; on the others it reads as empty`;
    },
  );
}
