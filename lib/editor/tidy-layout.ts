// Automatic tidy layout with dagre: top-to-bottom, branches side by side. Node sizes are fixed
// (the step node has a fixed width and height), so layout needs no DOM measurement.
import dagre from "@dagrejs/dagre";
import type { FlowEdge, StepNode } from "@/lib/editor/flow-graph";

export const NODE_WIDTH = 260;
export const NODE_HEIGHT = 72;

/**
 * Left-to-right hints for dagre's ordering: a Conditions node draws its handles in branch order
 * (Otherwise last), so its targets go in that order too, or the edges cross and Branch 1 reads
 * as leading to the step beside its own. A hint that would contradict earlier ones (two
 * Conditions steps ordering the same targets both ways) is left out: with a cycle of hints dagre
 * can fail the whole layout ("Not possible to find intersection inside of the rectangle").
 */
function branchOrder(nodes: StepNode[]): { left: string; right: string }[] {
  const ids = new Set(nodes.map((n) => n.id));
  const after = new Map<string, Set<string>>();
  const reaches = (from: string, to: string): boolean => {
    const stack = [from];
    const seen = new Set<string>();
    while (stack.length) {
      const v = stack.pop()!;
      if (v === to) return true;
      if (seen.has(v)) continue;
      seen.add(v);
      stack.push(...(after.get(v) ?? []));
    }
    return false;
  };
  const out: { left: string; right: string }[] = [];
  for (const n of nodes) {
    const targets = [...new Set(n.data.branches.map((b) => b.target).filter((t): t is string => t !== null && ids.has(t)))];
    for (let i = 1; i < targets.length; i++) {
      const [left, right] = [targets[i - 1], targets[i]];
      if (reaches(right, left)) continue;
      after.set(left, new Set([...(after.get(left) ?? []), right]));
      out.push({ left, right });
    }
  }
  return out;
}

type Position = { x: number; y: number };

/** What the layout reads: the steps in order, the edges and each Conditions step's branch order. */
const shapeOf = (nodes: StepNode[], edges: FlowEdge[]) =>
  JSON.stringify([nodes.map((n) => [n.id, n.data.branches.map((b) => b.target)]), edges.map((e) => [e.source, e.target])]);

// The last layout, by shape: typing in a step's field derives the graph afresh on each keystroke,
// and dagre took ~20 ms of each in a 41-step workflow for the same positions (one entry: one canvas).
let last: { shape: string; positions: Map<string, Position> } | null = null;

export function tidyLayout(nodes: StepNode[], edges: FlowEdge[]): StepNode[] {
  const shape = shapeOf(nodes, edges);
  if (last?.shape !== shape) last = { shape, positions: layoutPositions(nodes, edges) };
  const { positions } = last;
  // Fixed dimensions let the minimap, fitView and viewport culling work before measuring.
  return nodes.map((n) => ({ ...n, width: NODE_WIDTH, height: NODE_HEIGHT, position: { ...positions.get(n.id)! } }));
}

function layoutPositions(nodes: StepNode[], edges: FlowEdge[]): Map<string, Position> {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: "TB", nodesep: 48, ranksep: 56, marginx: 20, marginy: 20 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) g.setNode(n.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const e of edges) g.setEdge(e.source, e.target);
  // Unconnected steps (unreachable ones) would float to the top; chain them in list order.
  const connected = new Set(edges.flatMap((e) => [e.source, e.target]));
  nodes.forEach((n, i) => {
    if (i > 0 && !connected.has(n.id)) g.setEdge(nodes[i - 1].id, n.id, { minlen: 1, weight: 0 });
  });
  dagre.layout(g, { constraints: branchOrder(nodes) });
  return new Map(
    nodes.map((n) => {
      const p = g.node(n.id);
      return [n.id, { x: p.x - NODE_WIDTH / 2, y: p.y - NODE_HEIGHT / 2 }];
    }),
  );
}
