// Which steps a run can reach, and through which Conditions branches, read off the canvas's edges
// (flow-graph.ts flowEdges, which follow the run rule of lib/runs/plan-path.ts). The editor uses
// it to say in words what the canvas only draws: a step no run reaches, the steps a Conditions
// step's delete lets run for every event, a move that puts a step in another branch, and the
// earlier steps that never ran on a run reaching a given step. Pure and client-safe.
import { flowEdges } from "@/lib/editor/flow-graph";
import { branchTargets, OTHERWISE, removeStep, type EditorStep } from "@/lib/editor/step-ops";

type Graph = Map<string, string[]>;

function graph(steps: readonly EditorStep[]): Graph {
  const out: Graph = new Map();
  for (const e of flowEdges([...steps])) out.set(e.source, [...(out.get(e.source) ?? []), e.target]);
  return out;
}

function walk(g: Graph, from: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(g.get(id) ?? []));
  }
  return seen;
}

const fromStart = (steps: readonly EditorStep[], g = graph(steps)) => walk(g, steps[0] ? [steps[0].id] : []);

/** Steps (1-based) no run can reach: no branch, Otherwise or previous step leads to them. */
export function unreachableSteps(steps: readonly EditorStep[]): number[] {
  const seen = fromStart(steps);
  return steps.flatMap((s, i) => (seen.has(s.id) ? [] : [i + 1]));
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
  const g = graph(steps);
  const number = new Map(steps.map((s, i) => [s.id, i + 1]));
  // A branch to "Stop the run" (a filter) goes away too: what it stopped then runs on.
  const branches = branchTargets(c).flatMap((b) =>
    b.target === "stop"
      ? [{ name: b.name, steps: [], stops: true as const }]
      : b.target && number.has(b.target)
        ? [{ name: b.name, steps: [...walk(g, [b.target])].map((x) => number.get(x)!).sort((p, q) => p - q) }]
        : [],
  );
  const before = fromStart(steps, g);
  const after = fromStart(removeStep([...steps], id));
  // Steps a branch chose (or none reached) that the plain order of steps now runs.
  const runForAll = steps.flatMap((s, i) => (i > at && after.has(s.id) && (!before.has(s.id) || branches.some((b) => b.steps.includes(i + 1))) ? [i + 1] : []));
  return { branches, runForAll };
}

/** Each step's earlier steps that can have run on a run reaching it (its ancestors on the canvas). */
export function ranBefore(steps: readonly EditorStep[]): Map<string, Set<string>> {
  const g = graph(steps);
  const parents = new Map<string, string[]>();
  for (const [from, tos] of g) for (const to of tos) parents.set(to, [...(parents.get(to) ?? []), from]);
  return new Map(steps.map((s) => [s.id, new Set([...walk(parents, [s.id])].filter((id) => id !== s.id))]));
}

/** Why an earlier step has no output to offer step `number`: it is in another branch. */
export const neverRanBefore = (number: number) => `never runs on a run that reaches step ${number} (another branch)`;

/** The branches a step is in, per Conditions step: "conditionsId:branch" keys and their names. */
function membership(steps: readonly EditorStep[]): Map<string, Map<string, string>> {
  const g = graph(steps);
  const number = new Map(steps.map((s, i) => [s.id, i + 1]));
  const of = new Map<string, Map<string, string>>(steps.map((s) => [s.id, new Map()]));
  for (const c of steps) {
    for (const b of branchTargets(c)) {
      if (!b.target || !number.has(b.target)) continue;
      const label = `${b.branch === OTHERWISE ? "Otherwise" : `branch “${b.name}”`} of step ${number.get(c.id)}`;
      for (const id of walk(g, [b.target])) of.get(id)?.set(`${c.id}:${b.branch}`, label);
    }
  }
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
