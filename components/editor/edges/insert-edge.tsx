"use client";
// An edge between steps with its branch label and a `+` that inserts a step on it. The `+`
// opens a small menu of step kinds; the new step lands between the two steps (and a branch
// edge's branch then leads to it). Keyboard focus then goes to the new step's node: this edge and
// its + are gone (the new step splits it), and focus would otherwise fall to <body>.
//
// The + sits on the edge itself and the branch label to its left, cut to LABEL_MAX_WIDTH (whole
// in its tooltip and in the +'s accessible name): side by side and centred together, a long name
// pushed its + under the next branch's label, which then took the click. The Conditions node puts
// its branches' edges at least ~180 px apart (2–5 branches), so a cut label stays clear of the
// next +; where edges come closer (two branches to one step), every + is drawn above every label
// (flow-canvas isolates the label layer, so that z-index does not lift a + above the nodes).
import { memo, useRef, useState } from "react";
import { BaseEdge, EdgeLabelRenderer, getSmoothStepPath, type EdgeProps } from "@xyflow/react";
import { Plus } from "lucide-react";
import * as Popover from "@radix-ui/react-dropdown-menu";
import { useEditor } from "@/components/editor/editor-context";
import { focusStepNode } from "@/components/editor/focus-step-node";
import { STEP_ICONS } from "@/components/editor/step-icons";
import type { FlowEdge } from "@/lib/editor/flow-graph";
import { STEP_CATALOG, STEP_KINDS } from "@/lib/steps/catalog";

const ACTION_KINDS = STEP_KINDS.filter((k) => !STEP_CATALOG[k].trigger);
const PLUS_RADIUS = 10; // the + is h-5 w-5
const LABEL_GAP = 4;
const LABEL_MAX_WIDTH = 136;

function InsertEdgeView({ id, source, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data, markerEnd, style }: EdgeProps<FlowEdge>) {
  const { add, readOnly } = useEditor();
  const [open, setOpen] = useState(false);
  // Set when an item inserted a step: the menu then must not hand focus back to its trigger.
  const inserted = useRef(false);
  const [path, labelX, labelY] = getSmoothStepPath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, borderRadius: 12 });
  const branch = data?.kind === "branch" ? data.branch : undefined;
  return (
    <>
      <BaseEdge id={id} path={path} markerEnd={markerEnd} style={{ strokeWidth: 1.5, stroke: branch ? "#d97706" : "#94a3b8", ...style }} />
      <EdgeLabelRenderer>
        {data?.label && (
          <span
            className="nodrag nopan pointer-events-auto absolute truncate rounded-full bg-amber-50 px-2 py-0.5 text-[11px] font-medium text-amber-800 ring-1 ring-amber-200"
            style={{
              maxWidth: LABEL_MAX_WIDTH,
              // Without a +, the label takes its place on the edge.
              transform: readOnly ? `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` : `translate(-100%, -50%) translate(${labelX - PLUS_RADIUS - LABEL_GAP}px, ${labelY}px)`,
            }}
            title={data.label}
            data-testid="edge-label"
          >
            {data.label}
          </span>
        )}
        {!readOnly && (
        <div className="nodrag nopan pointer-events-auto absolute z-[1]" style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}>
          <Popover.Root open={open} onOpenChange={setOpen}>
            <Popover.Trigger
              aria-label={`Insert a step here${data?.label ? ` (${data.label})` : ""}`}
              // Out of the page's Tab order, which would pass every edge's + before the first step
              // (edge labels precede the nodes): the canvas tabs to it after the step it leaves.
              tabIndex={-1}
              data-insert-from={source}
              className="flex h-5 w-5 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-500 shadow-sm hover:border-brand-500 hover:text-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <Plus className="h-3 w-3" aria-hidden />
            </Popover.Trigger>
            <Popover.Portal>
              <Popover.Content
                sideOffset={6}
                onCloseAutoFocus={(e) => {
                  if (inserted.current) e.preventDefault();
                  inserted.current = false;
                }}
                className="z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
              >
                {ACTION_KINDS.map((kind) => {
                  const Icon = STEP_ICONS[kind];
                  return (
                    <Popover.Item
                      key={kind}
                      onSelect={() => {
                        const id = add(kind, data?.insertIndex, branch ? { stepId: source, branch } : undefined);
                        if (!id) return;
                        inserted.current = true;
                        focusStepNode(id);
                      }}
                      className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100"
                    >
                      <Icon className="h-4 w-4 text-slate-500" aria-hidden />
                      {STEP_CATALOG[kind].label}
                    </Popover.Item>
                  );
                })}
              </Popover.Content>
            </Popover.Portal>
          </Popover.Root>
        </div>
        )}
      </EdgeLabelRenderer>
    </>
  );
}

export const InsertEdge = memo(InsertEdgeView);
