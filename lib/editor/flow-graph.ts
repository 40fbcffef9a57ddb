// Domain steps <-> React Flow nodes and edges. The domain list is what is stored; the flow is
// derived from it on every change (toFlow) and read back only for edits made on the canvas
// itself, such as reconnecting a branch edge (fromFlow). Pure and client-safe.
//
// Edges follow the run rule: a step hands over to the next one, except that a Conditions step
// hands over only through its branches, and a branch runs from its target up to the step before
// the next target of the same Conditions step, then the run ends.
import type { Edge, Node } from "@xyflow/react";
import { branchTargets, OTHERWISE, setBranchTarget, type EditorStep } from "@/lib/editor/step-ops";

export type StepStatus = "queued" | "running" | "waiting" | "succeeded" | "failed" | "stopped" | "skipped";

export type StepNodeData = {
  step: EditorStep;
  number: number;
  status?: StepStatus;
  /** No branch or predecessor leads here, so a run never reaches this step. */
  unreachable: boolean;
  /** Branches of a Conditions step (handles), otherwise last. */
  branches: { id: string; name: string; target: string | null }[];
  invalid?: string;
};
export type StepNode = Node<StepNodeData, "step">;

export type FlowEdgeData = { kind: "next" | "branch"; branch?: string; label?: string; insertIndex: number };
export type FlowEdge = Edge<FlowEdgeData, "insert">;

export type ToFlowOptions = {
  statuses?: ReadonlyMap<number, StepStatus>;
  invalid?: ReadonlyMap<string, string>;
  positions?: ReadonlyMap<string, { x: number; y: number }>;
};

export function flowEdges(steps: EditorStep[]): FlowEdge[] {
  const index = new Map(steps.map((s, i) => [s.id, i]));
  // Positions at which a segment of some Conditions step begins, per Conditions index.
  const cuts = new Map<number, Set<number>>();
  steps.forEach((s, c) => {
    const targets = branchTargets(s).flatMap((b) => (b.target && index.has(b.target) ? [index.get(b.target)!] : []));
    if (targets.length) cuts.set(c, new Set(targets));
  });
  const edges: FlowEdge[] = [];
  steps.forEach((s, i) => {
    if (s.kind === "conditions") {
      for (const b of branchTargets(s)) {
        if (!b.target || !index.has(b.target)) continue;
        const handle = b.branch === OTHERWISE ? OTHERWISE : b.branch;
        edges.push({
          id: `${s.id}:${handle}->${b.target}`,
          source: s.id,
          sourceHandle: handle,
          target: b.target,
          type: "insert",
          data: { kind: "branch", branch: b.branch, label: b.name, insertIndex: index.get(b.target)! },
        });
      }
      return;
    }
    const next = steps[i + 1];
    if (!next) return;
    for (const [c, set] of cuts) if (c < i && set.has(i + 1)) return;
    edges.push({ id: `${s.id}->${next.id}`, source: s.id, target: next.id, type: "insert", data: { kind: "next", insertIndex: i + 1 } });
  });
  return edges;
}

function reachable(steps: EditorStep[], edges: FlowEdge[]): Set<string> {
  const out = new Map<string, string[]>();
  for (const e of edges) out.set(e.source, [...(out.get(e.source) ?? []), e.target]);
  const seen = new Set<string>();
  const stack = steps[0] ? [steps[0].id] : [];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(out.get(id) ?? []));
  }
  return seen;
}

export function toFlow(steps: EditorStep[], opts: ToFlowOptions = {}): { nodes: StepNode[]; edges: FlowEdge[] } {
  const edges = flowEdges(steps);
  const seen = reachable(steps, edges);
  const nodes: StepNode[] = steps.map((step, i) => ({
    id: step.id,
    type: "step",
    position: opts.positions?.get(step.id) ?? { x: 0, y: i * 120 },
    data: {
      step,
      number: i + 1,
      status: opts.statuses?.get(i + 1),
      unreachable: !seen.has(step.id),
      branches: branchTargets(step).map((b) => ({ id: b.branch, name: b.name, target: b.target })),
      invalid: opts.invalid?.get(step.id),
    },
  }));
  return { nodes, edges };
}

/** Whether two nodes' data draw the same step node: of the step only what the node shows (kind,
 *  name), its number, status, marks and branches — not its settings, which a keystroke changes. */
export function drawsTheSame(x: StepNodeData, y: StepNodeData): boolean {
  return (
    x.step.kind === y.step.kind &&
    x.step.name === y.step.name &&
    x.number === y.number &&
    x.status === y.status &&
    x.unreachable === y.unreachable &&
    x.invalid === y.invalid &&
    x.branches.length === y.branches.length &&
    x.branches.every((b, i) => b.id === y.branches[i].id && b.name === y.branches[i].name && b.target === y.branches[i].target)
  );
}

/** Reads the domain list back: order from node numbers, branch targets from branch edges. */
export function fromFlow(nodes: readonly StepNode[], edges: readonly FlowEdge[]): EditorStep[] {
  const ordered = [...nodes].sort((a, b) => a.data.number - b.data.number);
  return ordered.map(({ data: { step } }) => {
    if (step.kind !== "conditions") return step;
    let next = step;
    for (const b of branchTargets(step)) {
      const edge = edges.find((e) => e.source === step.id && (e.sourceHandle ?? OTHERWISE) === b.branch);
      // No edge: a step target was disconnected (ends the run); "stop"/null stay as they were.
      const fallback = b.target === null || b.target === "stop" ? b.target : b.branch === OTHERWISE ? null : "stop";
      const target = edge ? edge.target : fallback;
      if (target !== b.target) next = setBranchTarget(next, b.branch, target);
    }
    return next;
  });
}
