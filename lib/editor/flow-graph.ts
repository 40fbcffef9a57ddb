// Domain steps <-> React Flow nodes and edges. The domain list is what is stored; the flow is
// derived from it on every change (toFlow) and read back only for edits made on the canvas
// itself, such as reconnecting a branch edge (fromFlow). Pure and client-safe.
//
// Edges are the run rule's (lib/workflows/run-paths.ts, the walk Go live and the runs use too): a
// step hands over to the next one where some run goes on to it, a Conditions step only through its
// branches, and a branch runs from its target up to the step before the next target of the same
// Conditions step, then the run ends — unless a run came there by a nested Conditions step's
// branch leading past its branch's end, which takes the new branch's bound.
import type { Edge, Node } from "@xyflow/react";
import { branchTargets, OTHERWISE, setBranchTarget, type EditorStep } from "@/lib/editor/step-ops";
import { runPaths, type RunPaths } from "@/lib/workflows/run-paths";

export type StepStatus = "queued" | "running" | "waiting" | "succeeded" | "failed" | "stopped" | "skipped";

export type StepNodeData = {
  step: EditorStep;
  number: number;
  status?: StepStatus;
  /** No run reaches this step (the run rule: no branch or step before it leads here). */
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

export function flowEdges(steps: EditorStep[], paths: RunPaths = runPaths(steps)): FlowEdge[] {
  const index = new Map(steps.map((s, i) => [s.id, i]));
  const edges: FlowEdge[] = [];
  steps.forEach((s, i) => {
    if (s.kind === "conditions") {
      // Every branch's target is drawn, as set (fromFlow reads the targets back from these edges).
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
    if (!next || !paths.next.get(i + 1)?.has(i + 2)) return;
    edges.push({ id: `${s.id}->${next.id}`, source: s.id, target: next.id, type: "insert", data: { kind: "next", insertIndex: i + 1 } });
  });
  return edges;
}

export function toFlow(steps: EditorStep[], opts: ToFlowOptions = {}): { nodes: StepNode[]; edges: FlowEdge[] } {
  const paths = runPaths(steps);
  const edges = flowEdges(steps, paths);
  const nodes: StepNode[] = steps.map((step, i) => ({
    id: step.id,
    type: "step",
    position: opts.positions?.get(step.id) ?? { x: 0, y: i * 120 },
    data: {
      step,
      number: i + 1,
      status: opts.statuses?.get(i + 1),
      unreachable: !paths.reached.has(i + 1),
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
