// Which steps a run can reach, read off the canvas's edges (flow-graph.ts flowEdges, which
// follow the run rule of lib/runs/plan-path.ts). The editor uses it to say in words what the
// canvas only draws: a step no run reaches. Pure and client-safe.
import { flowEdges } from "@/lib/editor/flow-graph";
import { type EditorStep } from "@/lib/editor/step-ops";

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
