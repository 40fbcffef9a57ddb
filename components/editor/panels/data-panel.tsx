"use client";
// Workflow data: the numbered outputs of earlier steps, from the latest run or test, as an
// expandable tree with types and sample values. Clicking a field inserts its reference at the
// cursor of the field being edited; dragging it drops the reference where it is dropped.
import { useMemo, useState, useSyncExternalStore } from "react";
import { useQueries } from "@tanstack/react-query";
import { ChevronRight, Database } from "lucide-react";
import { runQueryOptions, useRunsQuery } from "@/components/editor/api";
import { useEditor } from "@/components/editor/editor-context";
import { getInsertTarget, subscribeInsertTarget } from "@/components/editor/insert-target";
import { buildDataTree, latestOutputs, type DataNode } from "@/lib/editor/data-tree";

const TYPE_TONES: Record<string, string> = {
  string: "text-emerald-700",
  number: "text-sky-700",
  boolean: "text-violet-700",
  object: "text-slate-500",
  array: "text-slate-500",
  null: "text-slate-400",
};

function TreeRow({ node, depth, onPick }: { node: DataNode; depth: number; onPick: (ref: string) => void }) {
  const [open, setOpen] = useState(depth < 2);
  const hasChildren = !!node.children?.length;
  return (
    <li role="treeitem" aria-expanded={hasChildren ? open : undefined} aria-selected={false}>
      <div className="group flex items-center gap-1 rounded pr-1 hover:bg-slate-50" style={{ paddingLeft: depth * 12 }}>
        {hasChildren ? (
          <button type="button" aria-label={`${open ? "Collapse" : "Expand"} ${node.label}`} onClick={() => setOpen(!open)} className="rounded p-0.5 text-slate-400 hover:text-slate-700">
            <ChevronRight className={`h-3.5 w-3.5 transition-transform ${open ? "rotate-90" : ""}`} aria-hidden />
          </button>
        ) : (
          <span className="w-[18px]" />
        )}
        <button
          type="button"
          draggable
          onDragStart={(e) => {
            e.dataTransfer.setData("text/plain", node.reference);
            e.dataTransfer.effectAllowed = "copy";
          }}
          onClick={() => onPick(node.reference)}
          title={`Insert ${node.reference}`}
          data-reference={node.reference}
          className="flex min-w-0 flex-1 items-baseline gap-2 rounded px-1 py-0.5 text-left text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <span className={`truncate ${depth === 0 ? "font-semibold text-slate-900" : "font-mono text-[13px] text-slate-800"}`}>{node.label}</span>
          <span className={`shrink-0 text-[11px] ${TYPE_TONES[node.type]}`}>{depth === 0 && node.sample === "no output yet" ? "" : node.type}</span>
          <span className="ml-auto truncate font-mono text-[11px] text-slate-400">{node.sample}</span>
        </button>
      </div>
      {hasChildren && open && (
        <ul role="group">
          {node.children!.map((c) => (
            <TreeRow key={c.id} node={c} depth={depth + 1} onPick={onPick} />
          ))}
          {node.omitted ? <li className="py-0.5 text-xs text-slate-400" style={{ paddingLeft: (depth + 1) * 12 + 22 }}>… {node.omitted} more</li> : null}
        </ul>
      )}
    </li>
  );
}

export function DataPanel() {
  const { workflowId, steps, selectedId } = useEditor();
  const runs = useRunsQuery(workflowId, 20);
  const recent = (runs.data?.runs ?? []).slice(0, 5);
  const details = useQueries({ queries: recent.map((r) => runQueryOptions(r.id)) });
  const target = useSyncExternalStore(subscribeInsertTarget, getInsertTarget, () => null);
  const [flash, setFlash] = useState<string | null>(null);

  const upTo = selectedId ? steps.findIndex((s) => s.id === selectedId) : steps.length;
  const tree = useMemo(() => {
    const position = new Map(steps.map((s, i) => [s.id, i + 1]));
    // Runs name steps by id; number them by where those steps are now.
    const runsByNumber = details.flatMap((d) => (d.data ? [d.data] : [])).map((r) => ({
      steps: r.steps.flatMap((s) => (position.has(s.stepId) ? [{ number: position.get(s.stepId)!, status: s.status, output: s.output }] : [])),
    }));
    const outputs = latestOutputs(runsByNumber);
    const earlier = steps.slice(0, upTo < 0 ? steps.length : upTo);
    return buildDataTree(earlier.map((s, i) => ({ number: i + 1, name: s.name, kind: s.kind, output: outputs.get(i + 1), hasOutput: outputs.has(i + 1) })));
  }, [details, steps, upTo]);

  const pick = (ref: string) => {
    const t = getInsertTarget();
    if (!t) return setFlash("Click into a field of the step first, then pick a value here.");
    t.insert(ref);
    setFlash(`Inserted ${ref} into ${t.label}`);
  };

  return (
    <aside aria-label="Workflow data" className="flex h-full w-72 shrink-0 flex-col border-l border-slate-200 bg-white">
      <div className="border-b border-slate-200 px-3 py-2.5">
        <h2 className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
          <Database className="h-3.5 w-3.5" aria-hidden /> Workflow data
        </h2>
        <p className="mt-1 text-xs text-slate-500" aria-live="polite">
          {flash ?? (target ? `Click a field to insert it into “${target.label}”, or drag it.` : "Outputs of earlier steps. Click into a step field, then click a value to insert its reference.")}
        </p>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {tree.length === 0 ? (
          <p className="p-2 text-sm text-slate-500">No earlier steps. Step 1 (the trigger) feeds the steps after it.</p>
        ) : (
          <ul role="tree" aria-label="Step outputs" className="space-y-1">
            {tree.map((n) => (
              <TreeRow key={n.id} node={n} depth={0} onPick={pick} />
            ))}
          </ul>
        )}
        {tree.length > 0 && tree.every((n) => !n.children) && (
          <p className="p-2 text-xs text-slate-500">No outputs yet: Run step on the trigger&apos;s Test &amp; Debug tab to fill this in.</p>
        )}
      </div>
    </aside>
  );
}
