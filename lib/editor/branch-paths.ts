// Which steps a run can reach, and through which Conditions branches, by the run rule
// (lib/workflows/run-paths.ts, from which the canvas's edges are drawn too, so words and drawing
// agree). The editor uses it to say in words what the canvas only draws: a step no run reaches,
// the steps a Conditions step's delete lets run for every event, a move that puts a step in
// another branch, and the earlier steps that never ran (or ran only on some runs) on a run
// reaching a given step. Pure and client-safe.
import { branchTargets, OTHERWISE, removeStep, type EditorStep } from "@/lib/editor/step-ops";
import { routeWords } from "@/lib/workflows/branch-references";
import { runPaths } from "@/lib/workflows/run-paths";

const paths = (steps: readonly EditorStep[]) => runPaths(steps);

/** Steps (1-based) no run can reach: no branch, Otherwise or previous step leads to them. */
export function unreachableSteps(steps: readonly EditorStep[]): number[] {
  const { reached } = paths(steps);
  return steps.flatMap((_, i) => (reached.has(i + 1) ? [] : [i + 1]));
}

/** "No run reaches this step: …", said on the node, in its panel and in the header's notes. */
export const UNREACHABLE_MESSAGE =
  "No run reaches this step: no branch or Otherwise of a Conditions step leads to it, nor a step before it. Point a branch or Otherwise at it, or move it.";

/** "3", "3–5", "3–5, 8": 1-based numbers as ranges. */
export function numberRanges(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(j === i ? `${sorted[i]}` : `${sorted[i]}–${sorted[j]}`);
    i = j;
  }
  return parts.join(", ");
}

/** What deleting Conditions step `id` does: its branches, each with its steps (numbers as now),
 *  and the steps that then run one after another for every event reaching that point. */
export type BranchesOnRemove = { branches: { name: string; steps: number[]; stops?: true }[]; runForAll: number[] };

export function branchesOnRemove(steps: readonly EditorStep[], id: string): BranchesOnRemove | null {
  const at = steps.findIndex((s) => s.id === id);
  const c = steps[at];
  if (!c || c.kind !== "conditions") return null;
  const now = paths(steps);
  const number = new Map(steps.map((s, i) => [s.id, i + 1]));
  // A branch to "Stop the run" (a filter) goes away too: what it stopped then runs on.
  const branches = branchTargets(c).flatMap((b) =>
    b.target === "stop"
      ? [{ name: b.name, steps: [], stops: true as const }]
      : b.target && number.has(b.target)
        ? [{ name: b.name, steps: [...(now.branches.get(`${at + 1}:${b.branch}`)?.steps ?? [])].sort((p, q) => p - q) }]
        : [],
  );
  const removed = removeStep([...steps], id);
  const reachedAfter = paths(removed).reached;
  const after = new Set(removed.flatMap((s, i) => (reachedAfter.has(i + 1) ? [s.id] : [])));
  // Steps a branch chose (or none reached) that the plain order of steps now runs.
  const runForAll = steps.flatMap((s, i) => (i > at && after.has(s.id) && (!now.reached.has(i + 1) || branches.some((b) => b.steps.includes(i + 1))) ? [i + 1] : []));
  return { branches, runForAll };
}

/** Each step's earlier steps that can have run on a run reaching it (by id). A step no run
 *  reaches has no entry: nothing ran before it, and the panel offers its earlier steps as they are. */
export function ranBefore(steps: readonly EditorStep[]): Map<string, Set<string>> {
  const p = paths(steps);
  const ids = (numbers: ReadonlySet<number>) => new Set([...numbers].map((n) => steps[n - 1].id));
  return new Map(steps.flatMap((s, i) => (p.reached.has(i + 1) ? [[s.id, ids(p.ranBefore(i + 1))] as const] : [])));
}

/** Each step's earlier steps that some runs reaching it have run and others have not (by id):
 *  a nested Conditions step's branch leading past its branch's end brings some runs to a step
 *  by another route than the rest. */
export function ranOnSomeRuns(steps: readonly EditorStep[]): Map<string, Set<string>> {
  const p = paths(steps);
  return new Map(
    steps.flatMap((s, i) => {
      if (!p.reached.has(i + 1)) return [];
      const always = p.alwaysBefore(i + 1);
      return [[s.id, new Set([...p.ranBefore(i + 1)].filter((n) => !always.has(n)).map((n) => steps[n - 1].id))] as const];
    }),
  );
}

/** Why an earlier step has no output to offer step `number`: it is in another branch. */
export const neverRanBefore = (number: number) => `never runs on a run that reaches step ${number} (another branch)`;

/** What an earlier step that only some runs reaching step `number` have run offers it: `route`,
 *  the way those runs came (routeWords), named as the note under a field reading it names it —
 *  "came through step 5" only restated that step 5 ran. */
export const ranOnlyOnSome = (number: number, route: string | null) =>
  route
    ? `has run only when ${route}; runs that come another way reach step ${number} without it and read it as empty`
    : `only some of the runs that reach step ${number} have run it; on the others it reads as empty`;

/** Step `id`'s earlier steps that only some runs reaching it have run (by id), each with the
 *  Workflow data panel's note naming the route (ranOnlyOnSome; RunPaths.routeTo, as the field notes). */
export function ranOnSomeRunsNoted(steps: readonly EditorStep[], id: string): Map<string, string> {
  const at = steps.findIndex((s) => s.id === id);
  const p = paths(steps);
  if (at < 0 || !p.reached.has(at + 1)) return new Map();
  const always = p.alwaysBefore(at + 1);
  const some = [...p.ranBefore(at + 1)].filter((n) => !always.has(n)).sort((a, b) => a - b);
  return new Map(some.map((n) => [steps[n - 1].id, ranOnlyOnSome(at + 1, routeWords(steps, p, n, at + 1))]));
}

/** The branches a step is in, per Conditions step: "conditionsId:branch" keys and their names. */
function membership(steps: readonly EditorStep[]): Map<string, Map<string, string>> {
  const { branches } = paths(steps);
  const of = new Map<string, Map<string, string>>(steps.map((s) => [s.id, new Map()]));
  steps.forEach((c, i) => {
    for (const b of branchTargets(c)) {
      const label = `${b.branch === OTHERWISE ? "Otherwise" : `branch “${b.name}”`} of step ${i + 1}`;
      for (const n of branches.get(`${i + 1}:${b.branch}`)?.steps ?? []) of.get(steps[n - 1].id)!.set(`${c.id}:${b.branch}`, label);
    }
  });
  return of;
}

const inWords = (labels: readonly string[]) => (labels.length ? labels.join(" and ") : "no branch");

/**
 * What moving the step at `from` to `to` does to the branches steps are in, or null when no step
 * changes branch. A branch runs from its target up to the next target of the same Conditions
 * step, so a step moved past a target (or a target moved past a step) runs for the other branch:
 * a step that reads the branch's earlier outputs then fails there.
 */
export function branchChangeOnMove(steps: readonly EditorStep[], from: number, to: number): string | null {
  if (from === to || !steps[from] || !steps[to]) return null;
  const next = [...steps];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  const before = membership(steps);
  const after = membership(next);
  const number = new Map(next.map((s, i) => [s.id, i + 1]));
  const changes = steps.flatMap((s) => {
    const was = before.get(s.id)!;
    const now = after.get(s.id)!;
    const same = was.size === now.size && [...was.keys()].every((k) => now.has(k));
    if (same) return [];
    return [`step ${number.get(s.id)} (“${s.name}”) would run in ${inWords([...now.values()])} instead of ${inWords([...was.values()])}`];
  });
  if (!changes.length) return null;
  return `Moving step ${from + 1} ${to < from ? "up" : "down"} changes which branch runs a step: ${changes.join("; ")}. A step that reads an earlier step of its old branch fails there.`;
}
