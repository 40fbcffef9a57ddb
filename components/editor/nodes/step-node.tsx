"use client";
// The canvas node of one step: number, kind icon, name, the latest run's status, and for a
// Conditions step one source handle per branch (otherwise last). Fixed size: layout relies on it.
import { Fragment, memo } from "react";
import { Handle, Position, type NodeProps } from "@xyflow/react";
import { AlertTriangle } from "lucide-react";
import { RunStatus } from "@/components/editor/run-status";
import { GROUP_TONES, STEP_ICONS } from "@/components/editor/step-icons";
import { cn } from "@/components/ui/cn";
import { UNREACHABLE_MESSAGE } from "@/lib/editor/branch-paths";
import { drawsTheSame, type StepNode as StepNodeType } from "@/lib/editor/flow-graph";
import { NODE_HEIGHT, NODE_WIDTH } from "@/lib/editor/tidy-layout";
import { STEP_CATALOG } from "@/lib/steps/catalog";

function StepNodeView({ data, selected }: NodeProps<StepNodeType>) {
  const { step, number, status, unreachable, branches, invalid } = data;
  const entry = STEP_CATALOG[step.kind];
  const Icon = STEP_ICONS[step.kind];
  return (
    <div
      style={{ width: NODE_WIDTH, height: NODE_HEIGHT }}
      className={cn(
        "relative flex items-center gap-3 rounded-xl border bg-white px-3 shadow-sm transition-shadow",
        // Keyboard focus is on the node element around this (flow-canvas.tsx names it group/node).
        "outline-offset-2 outline-brand-600 group-focus-visible/node:outline-2",
        selected ? "border-brand-500 ring-2 ring-brand-200" : "border-slate-200 hover:shadow-md",
        unreachable && "border-dashed opacity-60",
        invalid && !selected && "border-red-300",
      )}
      data-testid={`step-node-${number}`}
      title={unreachable ? UNREACHABLE_MESSAGE : undefined}
    >
      {number > 1 && <Handle type="target" position={Position.Top} className="!h-2 !w-2 !border-slate-300 !bg-white" isConnectable={false} />}
      <span className={cn("flex h-9 w-9 shrink-0 items-center justify-center rounded-lg ring-1 ring-inset", GROUP_TONES[entry.group])}>
        <Icon className="h-4 w-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-1.5 text-[11px] font-medium uppercase tracking-wide text-slate-500">
          <span className="rounded bg-slate-100 px-1 text-slate-600">{number}</span>
          <span className="truncate" title={entry.label}>{entry.label}</span>
        </div>
        {/* Cut to the node's width: whole in the tooltip (and in the node's accessible name, flow-canvas.tsx). */}
        <div className="truncate text-sm font-medium text-slate-900" title={step.name}>{step.name}</div>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        {status && <RunStatus status={status} />}
        {invalid && (
          <span title={invalid} className="text-red-600">
            <AlertTriangle className="h-4 w-4" aria-label={`Needs attention: ${invalid}`} />
          </span>
        )}
      </div>
      {step.kind === "conditions" ? (
        branches.map((b, i) => {
          const left = `${((i + 1) / (branches.length + 1)) * 100}%`;
          // A branch that ends the run has no edge to draw: say where it goes under its handle.
          const ends = b.target === "stop" ? "stop" : b.target === null ? "end" : null;
          return (
            <Fragment key={b.id}>
              <Handle
                id={b.id}
                type="source"
                position={Position.Bottom}
                style={{ left }}
                className={cn("!h-2.5 !w-2.5 !border-2 !border-white", b.id === "otherwise" ? "!bg-slate-400" : "!bg-amber-500")}
                title={`${b.name}: drag to the step this branch leads to`}
              />
              {ends && (
                <span
                  className="pointer-events-none absolute top-full mt-1 -translate-x-1/2 whitespace-nowrap rounded-full bg-slate-100 px-1.5 text-[10px] font-medium text-slate-600 ring-1 ring-slate-200"
                  style={{ left }}
                  data-testid={`branch-end-${b.id}`}
                  title={`${b.name}: ${ends === "stop" ? "stops the run (status stopped)" : "ends the run (status succeeded)"}`}
                >
                  {ends}
                </span>
              )}
            </Fragment>
          );
        })
      ) : (
        <Handle type="source" position={Position.Bottom} className="!h-2 !w-2 !border-slate-300 !bg-white" isConnectable={false} />
      )}
    </div>
  );
}

type Props = NodeProps<StepNodeType>;

/** React Flow's props alike and the step drawn the same (flow-graph): a keystroke in one step's
 *  settings gives every node a new `data` (the graph is derived afresh), and redrawing all 41 nodes
 *  of a 41-step workflow on each one delayed the typed character. */
function sameProps(a: Props, b: Props) {
  const keys = Object.keys(b) as (keyof Props)[];
  return keys.length === Object.keys(a).length && keys.every((k) => k === "data" || a[k] === b[k]) && drawsTheSame(a.data, b.data);
}

export const StepNode = memo(StepNodeView, sameProps);
