// Keys that a plain `.key` would misread (dots, `[n]`, braces, spaces at the ends, empty) are
// written quoted, `{{ 1["a.b"] }}`, and the data panel offers exactly the reference that reads
// the field it shows.
import { describe, expect, it } from "vitest";
import { buildDataTree, type DataNode } from "@/lib/editor/data-tree";
import { formatReference as formatStepReference, parseReferences } from "@/lib/editor/step-references";
import { compileTemplate } from "@/lib/steps/compile-template";
import { findReferenceErrors, formatReference, parseReference, resolveReferences, rewriteReferences } from "@/lib/workflows/references";
import type { Step } from "@/lib/workflows/definition";

const AWKWARD = ["a.b", "a[0]", "[0]", "a]", "x y", " lead", "trail ", "", " ", "{{ 1.x }}", "}", "{", 'say "hi"', 'q"]', "back\\slash", "line\nbreak", "tab\t", "é ü 中", "0", "007", "removed", "__proto__", "a..b", ".", "[\"k\"]"];

describe("quoted reference segments", () => {
  it("round-trips every awkward key through format and parse", () => {
    for (const key of AWKWARD) {
      const text = formatStepReference(1, ["outer", key, "inner"]);
      const [found] = parseReferences(`x ${text} y`);
      expect(found?.text, key).toBe(text);
      expect(found.ref, key).toEqual({ type: "step", step: 1, path: ["outer", key, "inner"] });
    }
  });

  it("quotes only when a plain segment would be misread", () => {
    expect(formatStepReference(1, ["host", "id"])).toBe("{{ 1.host.id }}");
    expect(formatStepReference(1, ["items", 0, "first name"])).toBe("{{ 1.items.0.first name }}");
    expect(formatStepReference(1, ["a.b"])).toBe('{{ 1["a.b"] }}');
    expect(formatStepReference(1, ["a[0]"])).toBe('{{ 1["a[0]"] }}');
    expect(formatStepReference(1, ["a", "x y ", "c"])).toBe('{{ 1.a["x y "].c }}');
    expect(formatStepReference(1, ["}"])).toBe('{{ 1["\\u007d"] }}');
  });

  it("keeps the meaning of references written before", () => {
    expect(parseReference(" 2.items[0].id ")).toEqual({ type: "step", step: 2, path: ["items", "0", "id"] });
    expect(parseReference("1 . first name . x")).toEqual({ type: "step", step: 1, path: ["first name", "x"] });
    expect(parseReference("1.a[x]")).toEqual({ type: "step", step: 1, path: ["a[x]"] });
    expect(parseReference("1[0]")).toEqual({ type: "step", step: 1, path: ["0"] });
    expect(parseReference("1..x")).toBeNull();
    expect(parseReference("vars.REGION")).toEqual({ type: "vars", key: "REGION", path: [] });
  });

  it("reads JSON escapes inside the quotes and refuses a malformed quoted key", () => {
    expect(parseReference('1.a[ "x\\u002ey" ]["\\"q\\""]')).toEqual({ type: "step", step: 1, path: ["a", "x.y", '"q"'] });
    expect(parseReference('1["a.b"]x')).toBeNull();
    expect(parseReference('1["bad \\x"]')).toBeNull();
    expect(parseReference('["a"]')).toBeNull();
  });

  it("resolves the value the data panel showed for each key", () => {
    const delivery = { "a.b": "DOTTED", a: { b: "NESTED", "x y": { c: "SPACED" } }, "a[0]": "BRACKET", "": "EMPTY", " pad ": "PADDED", "{x}": "BRACED" };
    const [root] = buildDataTree([{ number: 1, name: "Webhook", kind: "webhook", output: delivery, hasOutput: true }]);
    const leaves: DataNode[] = [];
    const walk = (n: DataNode) => (n.children ? n.children.forEach(walk) : leaves.push(n));
    walk(root);
    expect(leaves).toHaveLength(7);
    for (const leaf of leaves) {
      const out = resolveReferences(leaf.reference, { outputs: { 1: delivery } });
      expect(out, leaf.reference).toEqual({ value: JSON.parse(leaf.sample), unresolved: [] });
    }
    const scope = { outputs: { 1: delivery } };
    expect(resolveReferences('{{ 1["a.b"] }} / {{ 1.a.b }} / {{ 1.a["x y"].c }}', scope).value).toBe("DOTTED / NESTED / SPACED");
    expect(resolveReferences("{{ 1[\"a[0]\"] }}", scope).value).toBe("BRACKET");
  });

  it("validates, lists and renumbers quoted references like any other", () => {
    const step = (id: string, kind: Step["kind"], config: Record<string, unknown>): Step => ({ id, kind, name: id, config });
    const steps = [step("t", "webhook", {}), step("p", "parse_json", { input: '{{ 1["a.b"] }} {{ 3["x"] }} {{ 1["open }}' })];
    expect(findReferenceErrors(steps).map((p) => p.message)).toEqual([
      '{{ 3["x"] }} refers to step 3, which does not exist (the workflow has 2 steps)',
      '{{ 1["open }} is not a valid reference (use {{ n.path }}, {{ vars.KEY }} or {{ secrets.KEY }})',
    ]);
    expect(rewriteReferences('{{ 2["a.b"].c }}', new Map([[2, 3]]))).toBe('{{ 3["a.b"].c }}');
    expect(formatReference({ type: "removed", path: ["a.b"] })).toBe('{{ removed["a.b"] }}');
    expect(compileTemplate('{{ 1["a.b"] }} & "{{ 1.a["x y"].c }}"')).toEqual({ source: '$r0 & "" & $r1 & ""', refs: ['{{ 1["a.b"] }}', '{{ 1.a["x y"].c }}'] });
    expect(resolveReferences('{{ 1["nope.x"] }}', { outputs: { 1: {} } }).unresolved).toEqual(['{{ 1["nope.x"] }}']);
  });
});
