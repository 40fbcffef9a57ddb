"use client";
// The Workflow data panel's tree of earlier steps' outputs, as a WAI-ARIA tree: one Tab stop (the
// item last focused, else the first: roving tabindex), Up/Down through the items shown, Right to
// open or go into an item, Left to close or go up, Home/End, a typed letter to the next item
// starting with it (lib/editor/tree-keys.ts), Enter to insert the item's reference into the field
// last edited. A tree rather than a flat list of buttons: the data is nested (a step, its fields,
// their fields), a screen reader says each item's level and place ("level 2, 3 of 5") and
// whether it is open, and a long output is walked by opening only what is wanted, where a flat
// list would read out every field of every step in one run of buttons.
//
// Each item is named as its row reads ("status, string, "open"", "1. Webhook, object, 2 fields"),
// with a step's note and the "… N more" of a cut list as its description; the row's own text is
// hidden from the accessibility tree, so the item is not read together with its children. The
// chevron is for the mouse only (Right/Left do its work); clicking a row inserts it and dragging
// drops it into a field, as before.
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { ChevronRight } from "lucide-react";
import { spokenName, type DataNode } from "@/lib/editor/data-tree";
import { shownItems, treeKey } from "@/lib/editor/tree-keys";

const TYPE_TONES: Record<string, string> = {
  string: "text-emerald-700",
  number: "text-sky-700",
  boolean: "text-violet-700",
  object: "text-slate-500",
  array: "text-slate-500",
  null: "text-slate-400",
};

type Tree = {
  isOpen: (node: DataNode, depth: number) => boolean;
  toggle: (id: string, open: boolean) => void;
  /** The one item Tab reaches. */
  tabbable: string | undefined;
  focused: (id: string) => void;
  onPick: (ref: string) => void;
};

function TreeRow({ node, depth, position, setSize, tree }: { node: DataNode; depth: number; position: number; setSize: number; tree: Tree }) {
  const hasChildren = !!node.children?.length;
  const open = hasChildren && tree.isOpen(node, depth);
  const noteId = useId();
  const moreId = useId();
  const described = [node.note ? noteId : "", open && node.omitted ? moreId : ""].filter(Boolean).join(" ");
  return (
    // No aria-selected (optional on a treeitem since ARIA 1.2): nothing here is selected — Enter
    // inserts — and "not selected" on every item would only be noise.
    <li
      // eslint-disable-next-line jsx-a11y/role-has-required-aria-props
      role="treeitem"
      data-node-id={node.id}
      tabIndex={tree.tabbable === node.id ? 0 : -1}
      aria-label={spokenName(node)}
      aria-describedby={described || undefined}
      aria-level={depth + 1}
      aria-posinset={position}
      aria-setsize={setSize}
      aria-expanded={hasChildren ? open : undefined}
      onFocus={(e) => {
        if (e.target === e.currentTarget) tree.focused(node.id);
      }}
      className="rounded outline-none [&:focus-visible>div:first-child]:ring-2 [&:focus-visible>div:first-child]:ring-brand-500"
    >
      <div aria-hidden className="group flex items-center gap-1 rounded pr-1 hover:bg-slate-50" style={{ paddingLeft: depth * 12 }}>
        {hasChildren ? (
          <span
            data-testid="data-toggle"
            onClick={() => tree.toggle(node.id, !open)}
            title={open ? "Collapse" : "Expand"}
            className="cursor-pointer rounded p-0.5 text-slate-400 hover:text-slate-700"
          >
            <ChevronRight className={`h-3.5 w-3.5 transition-transform ${open ? "rotate-90" : ""}`} />
          </span>
        ) : (
          <span className="w-[18px]" />
        )}
        <div
          draggable
          onDragStart={(e) => {
            e.dataTransfer.setData("text/plain", node.reference);
            e.dataTransfer.effectAllowed = "copy";
          }}
          onClick={() => tree.onPick(node.reference)}
          title={`Insert ${node.reference}`}
          data-reference={node.reference}
          className="flex min-w-0 flex-1 cursor-pointer items-baseline gap-2 rounded px-1 py-0.5 text-left text-sm"
        >
          {/* The name is what the user picks by, the sample only a hint: the name keeps its width
              (up to most of the row, for a very long key) and the sample gives way first. */}
          <span className={`max-w-[75%] shrink-0 truncate ${depth === 0 ? "font-semibold text-slate-900" : "font-mono text-[13px] text-slate-800"}`}>{node.label}</span>
          <span className={`shrink-0 text-[11px] ${TYPE_TONES[node.type]}`}>{node.empty ? "" : node.type}</span>
          {/* A step without output says why in full (a skip names the branch): no sample to cut. */}
          <span className={node.empty ? "ml-auto min-w-0 text-right text-[11px] text-slate-500" : "ml-auto min-w-0 truncate font-mono text-[11px] text-slate-500"}>{node.sample}</span>
          {/* A long string's whole length (the preview read its start). */}
          {node.type === "string" && node.more && <span className="shrink-0 text-[11px] text-slate-500">{node.more}</span>}
        </div>
      </div>
      {node.note && (
        <p id={noteId} aria-hidden data-testid="data-step-note" className="pb-0.5 pr-1 text-[11px] text-amber-700" style={{ paddingLeft: depth * 12 + 22 }}>
          {node.note}
        </p>
      )}
      {open && (
        <ul role="group">
          {node.children!.map((c, i) => (
            <TreeRow key={c.id} node={c} depth={depth + 1} position={i + 1} setSize={node.children!.length} tree={tree} />
          ))}
          {node.omitted ? (
            <li id={moreId} aria-hidden data-testid="data-more" className="py-0.5 text-xs text-slate-400" style={{ paddingLeft: (depth + 1) * 12 + 22 }}>
              … {node.omitted.toLocaleString("en-US")} more{node.more ? ` (${node.more} shown)` : ""}
            </li>
          ) : null}
        </ul>
      )}
    </li>
  );
}

/** `describedBy`: the panel's help line (how to pick), said when the tree is reached. */
export function DataTreeView({ tree, runId, onPick, describedBy }: { tree: DataNode[]; runId?: string; onPick: (ref: string) => void; describedBy?: string }) {
  // Opened or closed by the user, by node id; otherwise the first two levels are open.
  const [opened, setOpened] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [active, setActive] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const isOpen = (node: DataNode, depth: number) => opened.get(node.id) ?? depth < 2;
  const items = shownItems(tree, isOpen, (n) => n.label);
  // The item last focused while it is still shown (a run with other fields, a closed parent), else the first.
  const tabbable = items.some((i) => i.id === active) ? active! : items[0]?.id;
  const toggle = (id: string, open: boolean) => setOpened((m) => new Map(m).set(id, open));

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const el = e.target as HTMLElement;
    const id = el.getAttribute("role") === "treeitem" ? el.dataset.nodeId : undefined;
    const item = id === undefined ? undefined : items.find((i) => i.id === id);
    if (!item || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === "Enter") {
      e.preventDefault();
      onPick(item.node.reference);
      return;
    }
    const move = treeKey(items, item.id, e.key);
    if (!move) return;
    e.preventDefault();
    if (move.toggle) toggle(move.toggle.id, move.toggle.open);
    if (move.focus) {
      setActive(move.focus);
      // Every item a key moves to is already shown (a child only once its parent is open).
      list.current?.querySelector<HTMLElement>(`[data-node-id="${CSS.escape(move.focus)}"]`)?.focus();
    }
  };

  const ctx: Tree = { isOpen, toggle, tabbable, focused: setActive, onPick };
  return (
    <ul ref={list} role="tree" aria-label="Step outputs" aria-describedby={describedBy} data-run-id={runId} onKeyDown={onKeyDown} className="space-y-1">
      {tree.map((n, i) => (
        <TreeRow key={n.id} node={n} depth={0} position={i + 1} setSize={tree.length} tree={ctx} />
      ))}
    </ul>
  );
}
