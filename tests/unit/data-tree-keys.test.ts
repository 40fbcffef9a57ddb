// The Workflow data panel's tree keys (WAI-ARIA tree pattern) over the items it shows, and the
// name each item is read by.
import { describe, expect, it } from "vitest";
import { buildDataTree, spokenName, type DataNode } from "@/lib/editor/data-tree";
import { shownItems, treeKey } from "@/lib/editor/tree-keys";

const tree = buildDataTree([
  { number: 1, name: "Webhook", kind: "webhook", output: { status: "open", host: { id: 7, tags: ["a"] } }, hasOutput: true },
  { number: 2, name: "Isolate", kind: "http", output: undefined, hasOutput: false, missing: "skipped in this run" },
]);
// The first two levels open, as the panel starts.
const items = (open: Record<string, boolean> = {}) => shownItems(tree, (n: DataNode, depth) => open[n.id] ?? depth < 2, (n) => n.label);

describe("tree keys", () => {
  it("lists the items shown, each then its children while open, with level, place and set size", () => {
    expect(items().map((i) => [i.id, i.depth, i.position, i.setSize, i.open])).toEqual([
      ["1:", 0, 1, 2, true],
      ["1:status", 1, 1, 2, false],
      ["1:host", 1, 2, 2, true],
      ["1:host.id", 2, 1, 2, false],
      ["1:host.tags", 2, 2, 2, false],
      ["2:", 0, 2, 2, false],
    ]);
  });

  it("Up/Down/Home/End move through the items shown, stopping at the ends", () => {
    expect(treeKey(items(), "1:", "ArrowDown")).toEqual({ focus: "1:status" });
    expect(treeKey(items(), "1:", "ArrowUp")).toEqual({ focus: "1:" });
    expect(treeKey(items(), "1:host.tags", "ArrowDown")).toEqual({ focus: "2:" });
    expect(treeKey(items(), "2:", "ArrowDown")).toEqual({ focus: "2:" });
    expect(treeKey(items(), "1:host", "Home")).toEqual({ focus: "1:" });
    expect(treeKey(items(), "1:host", "End")).toEqual({ focus: "2:" });
    // A closed item's children are passed over.
    expect(treeKey(items({ "1:host": false }), "1:host", "ArrowDown")).toEqual({ focus: "2:" });
  });

  it("Right opens a closed item, then goes to its first child; Left closes an open one, else goes to its parent", () => {
    expect(treeKey(items(), "1:host.tags", "ArrowRight")).toEqual({ toggle: { id: "1:host.tags", open: true } });
    expect(treeKey(items({ "1:host.tags": true }), "1:host.tags", "ArrowRight")).toEqual({ focus: "1:host.tags.0" });
    expect(treeKey(items(), "1:host", "ArrowLeft")).toEqual({ toggle: { id: "1:host", open: false } });
    expect(treeKey(items(), "1:host.id", "ArrowLeft")).toEqual({ focus: "1:host" });
    // A leaf: Right does nothing; a closed top item: Left does nothing.
    expect(treeKey(items(), "1:status", "ArrowRight")).toEqual({});
    expect(treeKey(items(), "2:", "ArrowLeft")).toEqual({});
  });

  it("a typed letter goes to the next item whose name starts with it; other keys are not the tree's", () => {
    expect(treeKey(items(), "1:", "h")).toEqual({ focus: "1:host" });
    expect(treeKey(items(), "1:host", "2")).toEqual({ focus: "2:" });
    expect(treeKey(items(), "1:", "Tab")).toBeNull();
    expect(treeKey(items(), "1:", " ")).toBeNull();
  });

  it("names each item as its row reads, without its children", () => {
    const named = items({ "1:host.tags": true }).map((i) => spokenName(i.node));
    expect(named).toEqual(["1. Webhook, object, 2 fields", 'status, string, "open"', "host, object, 2 fields", "id, number, 7", "tags, array, 1 item", '0, string, "a"', "2. Isolate, skipped in this run"]);
  });
});
