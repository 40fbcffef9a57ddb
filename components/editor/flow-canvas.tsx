"use client";
// The canvas: the step list drawn as a flow (toFlow + tidy layout), selection, drop from the
// Tools dock, and reconnecting a Conditions branch to another later step. Positions are always
// derived (tidy layout), so nodes are not dragged; the domain list is the only state.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type Connection,
  type IsValidConnection,
  type NodeMouseHandler,
  type Viewport,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { MousePointerClick } from "lucide-react";
import { useEditor } from "@/components/editor/editor-context";
import { edgeTypes, nodeTypes } from "@/components/editor/node-types";
import { useCanvasTab } from "@/components/editor/use-canvas-tab";
import { drawsTheSame, toFlow, type StepNode, type StepStatus } from "@/lib/editor/flow-graph";
import { setBranchTarget } from "@/lib/editor/step-ops";
import { NODE_HEIGHT, NODE_WIDTH, tidyLayout } from "@/lib/editor/tidy-layout";
import { STEP_CATALOG, type StepKind } from "@/lib/steps/catalog";

export const DRAG_MIME = "application/x-msp-step-kind";

// What a screen reader says on a focused step (React Flow's default speaks of selecting and
// moving nodes, which are not dragged here).
const NODE_HELP = "Press Enter or Space to open this step. Delete removes this step, after asking.";
const A11Y_LABELS = { "node.a11yDescription.default": NODE_HELP, "node.a11yDescription.keyboardDisabled": NODE_HELP };

/** How much the canvas must widen or narrow (px) before an untouched view is fitted again. */
const REFIT_WIDTH_CHANGE = 150;

type CanvasNode = StepNode & { className: string; ariaLabel: string; selected?: boolean };

const sameCanvasNode = (a: CanvasNode, b: CanvasNode) =>
  a.position.x === b.position.x && a.position.y === b.position.y && a.selected === b.selected && a.ariaLabel === b.ariaLabel && drawsTheSame(a.data, b.data);

type Props = { statuses: ReadonlyMap<string, StepStatus>; invalid: ReadonlyMap<string, string> };

function Canvas({ statuses, invalid }: Props) {
  const { steps, settledSteps, selectedId, select, add, update } = useEditor();
  const flow = useReactFlow();

  // Laid out from the settled steps: while the user types in a step's field, the layout and the
  // nodes are redrawn when React has a moment, not before each typed character shows.
  const laid = useMemo(() => {
    const byNumber = new Map<number, StepStatus>();
    settledSteps.forEach((s, i) => {
      const st = statuses.get(s.id);
      if (st) byNumber.set(i + 1, st);
    });
    const { nodes, edges } = toFlow(settledSteps, { statuses: byNumber, invalid });
    return { nodes: tidyLayout(nodes, edges), edges };
  }, [settledSteps, statuses, invalid]);

  // Open at the top of the workflow: a long one (200 steps) would fit only at an unreadable zoom.
  // Opened on a step (a link from the Runs page), around that step instead.
  const fitOptions = useMemo(
    () => ({ maxZoom: 1, padding: 0.2, nodes: (selectedId ? [{ id: selectedId }] : steps.slice(0, 8).map((s) => ({ id: s.id }))) }),
    [], // eslint-disable-line react-hooks/exhaustive-deps
  );

  // The node element is what has keyboard focus: it names its step, and as `group/node` lets the
  // step drawn in it show the focus ring (React Flow's stylesheet removes the node's own outline).
  const built = useMemo(
    () =>
      laid.nodes.map(
        (n): CanvasNode => ({
          ...n,
          className: "group/node",
          // The dimmed look of a step no run reaches is said in words too (lib/editor/branch-paths.ts).
          ariaLabel: `Step ${n.data.number}: ${n.data.step.name} (${STEP_CATALOG[n.data.step.kind].label})${n.data.unreachable ? " — no run reaches this step" : ""}`,
          // The step the Step panel shows, said as well as drawn (the ring).
          ...(n.id === selectedId ? { selected: true, domAttributes: { "aria-current": "step" as const } } : {}),
        }),
      ),
    [laid.nodes, selectedId],
  );
  // Edges named by step numbers (and a Conditions branch's name), not React Flow's default
  // "Edge from <id> to <id>", which reads out internal step ids.
  const edges = useMemo(() => {
    const numbers = new Map(laid.nodes.map((n) => [n.id, n.data.number]));
    return laid.edges.map((e) => ({
      ...e,
      ariaLabel: `Step ${numbers.get(e.source)} to step ${numbers.get(e.target)}${e.data?.kind === "branch" && e.data.label ? ` (${e.data.label})` : ""}`,
    }));
  }, [laid]);
  // A node that draws as before is passed again as the same object: React Flow then keeps it as it
  // is (typing in one step's field made it redo every node, DOM included, on each keystroke).
  // Kept in state, adjusted while rendering (React's pattern for following a changed input).
  const [kept, setKept] = useState<{ from: CanvasNode[]; nodes: CanvasNode[] }>({ from: [], nodes: [] });
  let nodes = kept.nodes;
  if (kept.from !== built) {
    const before = new Map(kept.nodes.map((n) => [n.id, n]));
    nodes = built.map((n) => {
      const old = before.get(n.id);
      return old && sameCanvasNode(old, n) ? old : n;
    });
    setKept({ from: built, nodes });
  }

  // The canvas is what is left between the docks (≈ 340 px at 1280 px with a step open): the
  // minimap only where it has room to not cover the steps.
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const wasHidden = useRef(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry.contentRect.width === 0) wasHidden.current = true;
      setWidth(entry.contentRect.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Until the user pans or zooms (mouse, wheel, touch, the zoom buttons), a big change of canvas
  // width (a panel opened, closed or collapsed) fits the workflow again, as on opening: otherwise
  // the graph stays where the narrower canvas had it, half under the minimap. Their own view is kept.
  const moved = useRef(false);
  const moveFrom = useRef<Viewport | null>(null);
  const fittedWidth = useRef(0);

  // A step that becomes selected (added from the dock, opened from a link) is brought into view
  // when it is outside it, at the current zoom.
  // Once per selection, canvas width (opening a step opens the Workflow data panel, which
  // narrows the canvas) and place of the selected node (a branch target changed re-lays the
  // graph): other edits to the selected step must not pull a canvas the user has panned.
  const shown = useRef<string | null>(null);
  // A workflow opened (or left) without steps had nothing to fit: its first step, a trigger from
  // the Tools dock, is fitted as opening fits one, not left where the empty view's origin puts it.
  const hadNoSteps = useRef(true);
  useEffect(() => {
    const el = box.current;
    const firstSteps = hadNoSteps.current && laid.nodes.length > 0;
    hadNoSteps.current = laid.nodes.length === 0;
    // Hidden (below 1024 px the canvas is a tab; a link to a step opens the Step tab): no size to
    // fit to. React Flow may fit meanwhile, to nothing (the steps a few pixels wide once shown):
    // shown again, it is fitted as on opening unless the user has moved the view.
    if (!el || width === 0) return;
    const refitShown = wasHidden.current && !moved.current;
    wasHidden.current = false;
    const bringIntoView = () => {
      const node = laid.nodes.find((n) => n.id === selectedId);
      if (!node) return;
      const key = `${node.id}@${width}@${node.position.x},${node.position.y}`;
      if (shown.current === key) return;
      shown.current = key;
      const { x, y, zoom } = flow.getViewport();
      const left = node.position.x * zoom + x;
      const top = node.position.y * zoom + y;
      const inView = left >= 0 && top >= 0 && left + NODE_WIDTH * zoom <= el.clientWidth && top + NODE_HEIGHT * zoom <= el.clientHeight;
      if (!inView) void flow.setCenter(node.position.x + NODE_WIDTH / 2, node.position.y + NODE_HEIGHT / 2, { zoom, duration: 200 });
    };
    if (fittedWidth.current === 0 && !refitShown) fittedWidth.current = width; // the opening fit (fitView below)
    else if (!moved.current && (firstSteps || refitShown || Math.abs(width - fittedWidth.current) >= REFIT_WIDTH_CHANGE)) {
      fittedWidth.current = width;
      // The same steps as on opening (the first ones), then the selected step if that left it out.
      void flow.fitView({ maxZoom: 1, padding: 0.2, nodes: laid.nodes.slice(0, 8).map((n) => ({ id: n.id })) }).then(bringIntoView);
      return;
    }
    bringIntoView();
  }, [selectedId, laid.nodes, flow, width]);

  const onNodeClick: NodeMouseHandler = useCallback((_, node) => select(node.id), [select]);
  // Tab: step by step through the whole workflow, each step's edges' + after it (use-canvas-tab).
  const { onTab, onFocus } = useCanvasTab(box, laid.nodes, flow);
  // React Flow's own Enter/Space on a focused node selects it in React Flow's store, which this
  // canvas does not use (the editor holds the selection): open the step, as a click does.
  const onKeyDown = useCallback(
    (e: React.KeyboardEvent) => {
      const el = e.target as HTMLElement;
      if (e.key === "Tab" && !e.altKey && !e.ctrlKey && !e.metaKey) return void onTab(e);
      if ((e.key !== "Enter" && e.key !== " ") || !el.classList.contains("react-flow__node") || !el.dataset.id) return;
      e.preventDefault(); // Space would scroll the page
      select(el.dataset.id);
    },
    [select, onTab],
  );

  const isValidConnection: IsValidConnection = useCallback(
    (c) => {
      const from = steps.findIndex((s) => s.id === c.source);
      const to = steps.findIndex((s) => s.id === c.target);
      return steps[from]?.kind === "conditions" && to > from;
    },
    [steps],
  );

  const onConnect = useCallback(
    (c: Connection) => {
      const step = steps.find((s) => s.id === c.source);
      if (!step || step.kind !== "conditions" || !c.sourceHandle) return;
      update(step.id, { config: setBranchTarget(step, c.sourceHandle, c.target).config });
    },
    [steps, update],
  );

  const onDragOver = useCallback((e: React.DragEvent) => {
    if (!e.dataTransfer.types.includes(DRAG_MIME)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = "copy";
  }, []);

  // A drop lands after the lowest step whose middle is above the drop point.
  const onDrop = useCallback(
    (e: React.DragEvent) => {
      const kind = e.dataTransfer.getData(DRAG_MIME) as StepKind;
      if (!STEP_CATALOG[kind]) return;
      e.preventDefault();
      const p = flow.screenToFlowPosition({ x: e.clientX, y: e.clientY });
      const above = laid.nodes.filter((n) => n.position.y + NODE_HEIGHT / 2 < p.y).map((n) => n.data.number);
      add(kind, above.length ? Math.max(...above) : 0);
    },
    [flow, laid.nodes, add],
  );

  return (
    <div ref={box} className="relative h-full w-full" onDragOver={onDragOver} onDrop={onDrop} onFocus={onFocus} data-testid="editor-canvas">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        onNodeClick={onNodeClick}
        onKeyDown={onKeyDown}
        onPaneClick={() => select(null)}
        // Only a user's pan or zoom comes with an event (fitView and setCenter do not); a click on
        // a step or the pane starts a "move" too, one that ends where it began.
        onMoveStart={(e, vp) => {
          if (e) moveFrom.current = vp;
        }}
        onMoveEnd={(e, vp) => {
          const from = moveFrom.current;
          moveFrom.current = null;
          if (e && from && (from.x !== vp.x || from.y !== vp.y || from.zoom !== vp.zoom)) moved.current = true;
        }}
        onConnect={onConnect}
        isValidConnection={isValidConnection}
        nodesDraggable={false}
        nodesConnectable
        // Tab goes from step to step; an edge has nothing to do from the keyboard.
        edgesFocusable={false}
        autoPanOnNodeFocus={false} // use-canvas-tab brings a focused step wholly into view
        ariaLabelConfig={A11Y_LABELS}
        deleteKeyCode={null}
        fitView
        fitViewOptions={fitOptions}
        minZoom={0.1}
        // Panning 200 steps stays fast; Tab still reaches the steps not drawn (use-canvas-tab).
        onlyRenderVisibleElements
        proOptions={{ hideAttribution: true }}
        // The edge labels' layer stacks on its own: an edge's + is drawn above every branch label
        // (insert-edge.tsx) but still below the steps, as the whole layer is.
        className="[&_.react-flow\_\_edgelabel-renderer]:isolate"
        aria-label="Workflow canvas"
      >
        <Background gap={20} color="#e2e8f0" />
        {width >= 640 && <MiniMap pannable zoomable ariaLabel="Minimap" nodeColor="#cbd5e1" nodeStrokeColor="#94a3b8" nodeBorderRadius={6} maskColor="rgba(241,245,249,0.7)" className="!rounded-lg !border !border-slate-200" />}
        <Controls
          showInteractive={false}
          onZoomIn={() => (moved.current = true)}
          onZoomOut={() => (moved.current = true)}
          onFitView={() => (moved.current = false)}
        />
      </ReactFlow>
      {steps.length === 0 && (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <div className="max-w-sm rounded-xl border border-dashed border-slate-300 bg-white/90 px-6 py-8 text-center shadow-sm">
            <MousePointerClick className="mx-auto h-8 w-8 text-slate-300" aria-hidden />
            <h2 className="mt-3 text-sm font-semibold text-slate-900">Start with a trigger</h2>
            <p className="mt-1 text-sm text-slate-500">Pick Webhook or Scheduler under Start in the Tools dock, or drag it here. Then add the steps that should run.</p>
          </div>
        </div>
      )}
    </div>
  );
}

export function FlowCanvas(props: Props) {
  return (
    <ReactFlowProvider>
      <Canvas {...props} />
    </ReactFlowProvider>
  );
}
