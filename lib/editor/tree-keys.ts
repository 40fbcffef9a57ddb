// The keys of a WAI-ARIA tree (https://www.w3.org/WAI/ARIA/apg/patterns/treeview/) over the
// items it shows, in the order shown: Up/Down to the previous/next one, Home/End to the first/
// last, Right opens a closed item or goes to the first child of an open one, Left closes an open
// item or goes to its parent, and a typed character to the next item whose name starts with it.
// The Workflow data panel's tree uses it (components/editor/panels/data-tree-view.tsx); pure, so
// the moves are tested without a browser.

/** One item as shown: `parent` null at the top; `open` only matters when `expandable`. */
export type ShownItem = { id: string; parent: string | null; expandable: boolean; open: boolean; name: string };

/** What a key does: move focus to `focus`, and/or open or close `toggle.id`. Null: not a tree key. */
export type TreeMove = { focus?: string; toggle?: { id: string; open: boolean } } | null;

/** The items a tree shows: each item, then its children while it is open. */
export function shownItems<T extends { id: string; children?: readonly T[] }>(
  roots: readonly T[],
  isOpen: (node: T, depth: number) => boolean,
  name: (node: T) => string,
): (ShownItem & { node: T; depth: number; position: number; setSize: number })[] {
  const out: (ShownItem & { node: T; depth: number; position: number; setSize: number })[] = [];
  const walk = (nodes: readonly T[], depth: number, parent: string | null) =>
    nodes.forEach((node, i) => {
      const expandable = !!node.children?.length;
      const open = expandable && isOpen(node, depth);
      out.push({ id: node.id, parent, expandable, open, name: name(node), node, depth, position: i + 1, setSize: nodes.length });
      if (open) walk(node.children!, depth + 1, node.id);
    });
  walk(roots, 0, null);
  return out;
}

export function treeKey(items: readonly ShownItem[], current: string, key: string): TreeMove {
  const at = items.findIndex((i) => i.id === current);
  if (at < 0 || items.length === 0) return null;
  const item = items[at];
  switch (key) {
    case "ArrowDown":
      return { focus: items[Math.min(at + 1, items.length - 1)].id };
    case "ArrowUp":
      return { focus: items[Math.max(at - 1, 0)].id };
    case "Home":
      return { focus: items[0].id };
    case "End":
      return { focus: items[items.length - 1].id };
    case "ArrowRight":
      if (!item.expandable) return {};
      // Open: its first child is the next item shown.
      return item.open ? { focus: items[at + 1].id } : { toggle: { id: item.id, open: true } };
    case "ArrowLeft":
      if (item.expandable && item.open) return { toggle: { id: item.id, open: false } };
      return item.parent ? { focus: item.parent } : {};
  }
  // Type-ahead: one printable character, searched from the item after this one, wrapping.
  if (key.length === 1 && key.trim()) {
    const k = key.toLowerCase();
    for (let step = 1; step <= items.length; step++) {
      const next = items[(at + step) % items.length];
      if (next.name.toLowerCase().startsWith(k)) return { focus: next.id };
    }
    return {};
  }
  return null;
}
