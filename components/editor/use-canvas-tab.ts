"use client";
// Tab on the canvas: step 1, the + of each edge leaving it, step 2 … in step order, through the
// whole workflow. The canvas draws only what is in view (onlyRenderVisibleElements keeps a
// 200-step workflow fast to pan), so a step off screen is not in the page: Tab pans to it, then
// focuses it once drawn. What gets focus from the keyboard is brought wholly into view (React
// Flow's own autoPanOnNodeFocus leaves a step half off the canvas where it is, and a + too).
import { useCallback, type RefObject } from "react";
import type { ReactFlowInstance } from "@xyflow/react";
import type { StepNode } from "@/lib/editor/flow-graph";
import { NODE_HEIGHT, NODE_WIDTH } from "@/lib/editor/tidy-layout";

const nodeSelector = (id: string) => `.react-flow__node[data-id="${CSS.escape(id)}"]`;

/** The canvas's keyboard stops in order; a step not drawn (off screen) has `el: null`. */
function tabStops(root: HTMLElement, nodes: readonly StepNode[]): { id: string; el: HTMLElement | null }[] {
  return nodes.flatMap((n) => [
    { id: n.id, el: root.querySelector<HTMLElement>(nodeSelector(n.id)) },
    ...[...root.querySelectorAll<HTMLElement>(`[data-insert-from="${CSS.escape(n.id)}"]`)].map((el) => ({ id: n.id, el })),
  ]);
}

export function useCanvasTab(box: RefObject<HTMLDivElement | null>, nodes: readonly StepNode[], flow: ReactFlowInstance) {
  /** Moves focus on Tab / Shift+Tab from a step or a +; false when the browser should (out of the canvas). */
  const onTab = useCallback(
    (e: React.KeyboardEvent): boolean => {
      const root = box.current;
      if (!root) return false;
      const stops = tabStops(root, nodes);
      const i = stops.findIndex((s) => s.el === e.target);
      const next = i < 0 ? undefined : stops[i + (e.shiftKey ? -1 : 1)];
      if (!next) return false;
      e.preventDefault();
      if (next.el) {
        next.el.focus({ preventScroll: true }); // onFocus pans instead of the browser scrolling
        return true;
      }
      const node = nodes.find((n) => n.id === next.id)!;
      void flow.setCenter(node.position.x + NODE_WIDTH / 2, node.position.y + NODE_HEIGHT / 2, { zoom: flow.getViewport().zoom });
      // Drawn a frame or two after the pan.
      let frames = 30;
      const focusWhenDrawn = () => {
        const el = root.querySelector<HTMLElement>(nodeSelector(next.id));
        if (el) el.focus({ preventScroll: true });
        else if (--frames > 0) requestAnimationFrame(focusWhenDrawn);
      };
      requestAnimationFrame(focusWhenDrawn);
      return true;
    },
    [box, nodes, flow],
  );

  const onFocus = useCallback(
    (e: React.FocusEvent) => {
      const el = e.target as HTMLElement;
      const canvas = box.current;
      if (!canvas || !el.matches(".react-flow__node, [data-insert-from]") || !el.matches(":focus-visible")) return;
      // Measured a frame later: the browser's own scrolling to a focused element (Tab into the
      // canvas) moves it until React Flow scrolls it back, and would make the element look in view.
      requestAnimationFrame(() => {
        const r = el.getBoundingClientRect();
        const c = canvas.getBoundingClientRect();
        if (r.left >= c.left && r.top >= c.top && r.right <= c.right && r.bottom <= c.bottom) return;
        const at = flow.screenToFlowPosition({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
        void flow.setCenter(at.x, at.y, { zoom: flow.getViewport().zoom });
      });
    },
    [box, flow],
  );

  return { onTab, onFocus };
}
