// Automatic tidy layout with dagre: top-to-bottom, branches side by side. Node sizes are fixed
// (the step node has a fixed width and height), so layout needs no DOM measurement.
import dagre from "@dagrejs/dagre";
import type { FlowEdge, StepNode } from "@/lib/editor/flow-graph";

export const NODE_WIDTH = 260;
export const NODE_HEIGHT = 72;

export function tidyLayout(nodes: StepNode[], edges: FlowEdge[]): StepNode[] {
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
  dagre.layout(g);
  return nodes.map((n) => {
    const p = g.node(n.id);
    // Fixed dimensions let the minimap, fitView and viewport culling work before measuring.
    return { ...n, width: NODE_WIDTH, height: NODE_HEIGHT, position: { x: p.x - NODE_WIDTH / 2, y: p.y - NODE_HEIGHT / 2 } };
  });
}
