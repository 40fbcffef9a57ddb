import { describe, expect, it } from "vitest";
import { buildDataTree, type DataNode } from "@/lib/editor/data-tree";
import { parseJsonAsWritten } from "@/lib/json/parse-exact-json";
import { previewJson } from "@/lib/json/preview-json";

describe("buildDataTree", () => {
  const tree = buildDataTree([
    { number: 2, name: "Code", kind: "code", output: [1, 2, 3, 4, 5], hasOutput: true },
    { number: 1, name: "Webhook", kind: "webhook", output: { host: { id: "h-1", online: true }, severity: 7, tags: null }, hasOutput: true },
    { number: 3, name: "HTTP", kind: "http", output: undefined, hasOutput: false },
  ]);

  it("orders steps and gives every field its type, sample and reference", () => {
    expect(tree.map((n) => n.label)).toEqual(["1. Webhook", "2. Code", "3. HTTP"]);
    const host = tree[0].children![0];
    expect([host.label, host.type, host.sample, host.reference]).toEqual(["host", "object", "2 fields", "{{ 1.host }}"]);
    const id = host.children![0];
    expect([id.type, id.sample, id.reference]).toEqual(["string", '"h-1"', "{{ 1.host.id }}"]);
    expect(host.children![1]).toMatchObject({ type: "boolean", sample: "true" });
    expect(tree[0].children![1]).toMatchObject({ type: "number", sample: "7", reference: "{{ 1.severity }}" });
    expect(tree[0].children![2]).toMatchObject({ type: "null" });
  });

  it("caps long arrays and says how many were left out", () => {
    expect(tree[1].children!.map((c) => c.reference)).toEqual(["{{ 2.0 }}", "{{ 2.1 }}", "{{ 2.2 }}"]);
    expect(tree[1].omitted).toBe(2);
    expect(tree[1].sample).toBe("5 items");
  });

  it("shows a step without output as empty, saying why when told", () => {
    expect(tree[2]).toMatchObject({ sample: "no output yet", empty: true });
    expect(tree[2].children).toBeUndefined();
    const [skipped] = buildDataTree([{ number: 2, name: "Page", kind: "http", output: undefined, hasOutput: false, missing: "skipped in this run" }]);
    expect(skipped).toMatchObject({ sample: "skipped in this run", empty: true });
  });

  it("truncates long strings", () => {
    const [root] = buildDataTree([{ number: 1, name: "W", kind: "webhook", output: { s: "x".repeat(200) }, hasOutput: true }], { maxSample: 10 });
    expect(root.children![0].sample).toHaveLength(10);
  });

  it("shows a number kept exact (a 64-bit id from the API) as a number with all its digits", () => {
    const output = parseJsonAsWritten('{"ticketId":1234567890123456789}');
    const [root] = buildDataTree([{ number: 1, name: "Webhook", kind: "webhook", output, hasOutput: true }]);
    expect(root.children).toHaveLength(1);
    expect(root.children![0]).toMatchObject({ label: "ticketId", type: "number", sample: "1234567890123456789", reference: "{{ 1.ticketId }}" });
    expect(root.children![0].children).toBeUndefined();
  });

  it("shows a number beyond the double range as the API wrote it, not as Infinity", () => {
    const output = parseJsonAsWritten('{"n":1e400,"m":-1E+999999}');
    const [root] = buildDataTree([{ number: 1, name: "Webhook", kind: "webhook", output, hasOutput: true }]);
    expect(root.children!.map((c) => [c.label, c.type, c.sample])).toEqual([
      ["n", "number", "1e400"],
      ["m", "number", "-1E+999999"],
    ]);
  });

  it("draws a previewed output as the whole would be drawn, saying what the preview cut", () => {
    const whole = { rows: Array.from({ length: 5_000 }, (_, i) => ({ id: i + 1, note: "n".repeat(700), tags: ["a", "b", "c", "d"] })), wide: Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`k${i}`, i])), deep: { a: { b: { c: { d: { e: { f: { g: { h: 1 } } } } } } } } };
    const { value, cuts } = previewJson(whole);
    const [full] = buildDataTree([{ number: 2, name: "Fetch", kind: "http", output: whole, hasOutput: true }]);
    const [shown] = buildDataTree([{ number: 2, name: "Fetch", kind: "http", output: value, hasOutput: true, cuts }]);
    const rows = (n: DataNode) => n.children!.find((c) => c.label === "rows")!;
    // Every field path, type and sample of the first items; the counts of the whole. (The whole
    // tree lists an object's every field; a preview, the first 100.)
    const paths = (n: DataNode): unknown[] => (n.label === "wide" ? [] : [[n.reference, n.type, n.sample, n.omitted], ...(n.children ?? []).flatMap(paths)]);
    expect(paths(shown)).toEqual(paths(full));
    expect(rows(shown)).toMatchObject({ sample: "5000 items", omitted: 4_997, more: "first 3 of 5,000 items" });
    expect(rows(shown).children![0].children!.find((c) => c.label === "note")).toMatchObject({ more: "700 characters" });
    expect(shown.children!.find((c) => c.label === "wide")).toMatchObject({ sample: "150 fields", omitted: 50, more: "first 100 of 150 fields" });
  });
  // A key holding "." and the same words as a nested path are two fields: opening or focusing one
  // in the Workflow data tree (keyed by node id) must not open or focus the other too.
  it("gives a dotted key and the nested path it reads like different ids", () => {
    const [root] = buildDataTree([{ number: 1, name: "Webhook", kind: "webhook", output: { "a.b": { x: 1 }, a: { b: { x: 2 } } }, hasOutput: true }]);
    const ids = (n: DataNode): string[] => [n.id, ...(n.children ?? []).flatMap(ids)];
    const all = ids(root);
    expect(new Set(all).size).toBe(all.length);
    expect(root.children!.find((c) => c.label === "a.b")!.id).not.toBe(root.children!.find((c) => c.label === "a")!.children![0].id);
  });
});
