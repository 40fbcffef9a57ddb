import { describe, expect, it } from "vitest";
import {
  findReferenceErrors,
  parseReference,
  referenceMapping,
  resolveReferences,
  rewriteReferences,
  rewriteStepReferences,
  ReferenceValueError,
} from "@/lib/workflows/references";
import type { Step } from "@/lib/workflows/definition";

const outputs = {
  1: { name: "Ada", n: 5, items: [{ id: "a1", qty: 2 }, { id: "a2" }], nested: { deep: { x: true } }, body: { field: "b" }, nil: null },
  2: { active: 12, billed: 10, text: "{{ 1.name }}" },
};
const scope = { outputs, vars: { REGION: "eu", EMPTY: null }, secrets: { API_KEY: "s3cr3t-value", NOVALUE: null } };
const r = (v: unknown) => resolveReferences(v, scope);

describe("parseReference", () => {
  it("reads steps, paths, indexes, vars and secrets; whitespace allowed", () => {
    expect(parseReference(" 2.items.0.id ")).toEqual({ type: "step", step: 2, path: ["items", "0", "id"] });
    expect(parseReference("2.items[0].id")).toEqual({ type: "step", step: 2, path: ["items", "0", "id"] });
    expect(parseReference("1")).toEqual({ type: "step", step: 1, path: [] });
    expect(parseReference("vars.REGION")).toEqual({ type: "vars", key: "REGION", path: [] });
    expect(parseReference("secrets.API_KEY")).toEqual({ type: "secrets", key: "API_KEY", path: [] });
    expect(parseReference("foo.bar")).toBeNull();
    expect(parseReference("1..x")).toBeNull();
    expect(parseReference("")).toBeNull();
  });
});

describe("resolveReferences", () => {
  it("gives an exact reference its type", () => {
    expect(r("{{ 1.n }}").value).toBe(5);
    expect(r("{{1.items}}").value).toEqual(outputs[1].items);
    expect(r("{{ 1.nested.deep }}").value).toEqual({ x: true });
    expect(r("{{ 1 }}").value).toEqual(outputs[1]);
    expect(r("{{ 1.items.0.id }}").value).toBe("a1");
    expect(r("{{ 1.nil }}")).toEqual({ value: null, unresolved: [] });
  });

  it("interpolates inside longer text: objects as JSON, missing as empty", () => {
    expect(r("Hi {{ 1.name }}, n={{ 1.n }}").value).toBe("Hi Ada, n=5");
    expect(r("d={{ 1.nested.deep }}").value).toBe('d={"x":true}');
    expect(r("x={{ 1.missing }}.").value).toBe("x=.");
  });

  it("resolves deeply through objects and arrays, leaving keys alone", () => {
    expect(r({ a: ["{{ 1.n }}", { "{{ 1.name }}": "{{ 2.active }}" }], b: 3 }).value).toEqual({ a: [5, { "{{ 1.name }}": 12 }], b: 3 });
  });

  it("lists missing paths as unresolved and gives null", () => {
    const out = r({ a: "{{ 1.items.5.id }}", b: "{{ 3.x }}", c: "{{ 1.body.nope }}" });
    expect(out.value).toEqual({ a: null, b: null, c: null });
    expect(out.unresolved).toEqual(["{{ 1.items.5.id }}", "{{ 3.x }}", "{{ 1.body.nope }}"]);
  });

  it("never expands a resolved value again", () => {
    expect(r("{{ 2.text }}").value).toBe("{{ 1.name }}");
    expect(r("say {{ 2.text }}").value).toBe("say {{ 1.name }}");
  });

  it("does not reach into prototypes or evaluate anything", () => {
    expect(r("{{ 1.constructor }}").value).toBeNull();
    expect(r("{{ 1.__proto__ }}").value).toBeNull();
    expect(r("{{ 1.n + 1 }}").value).toBeNull();
    expect(r("{{ process.env }}").value).toBe("{{ process.env }}");
  });

  it("reads variables and secrets, and fails clearly on missing ones", () => {
    expect(r("{{ vars.REGION }}-{{ secrets.API_KEY }}").value).toBe("eu-s3cr3t-value");
    expect(() => r("{{ vars.EMPTY }}")).toThrow(/variable EMPTY: value missing/);
    expect(() => r("{{ secrets.NOVALUE }}")).toThrow(ReferenceValueError);
    expect(() => r("{{ secrets.NOVALUE }}")).toThrow(/NOVALUE: value missing/);
    expect(() => r("{{ vars.NOPE }}")).toThrow(/variable NOPE is not defined/);
    expect(() => r("{{ vars.API_KEY }}")).toThrow(/API_KEY is a secret: use \{\{ secrets.API_KEY \}\}/);
  });
});

const step = (id: string, kind: Step["kind"], config: Record<string, unknown>): Step => ({ id, kind, name: kind, config });

describe("findReferenceErrors", () => {
  const steps = [
    step("t", "webhook", { testingData: { note: "{{ 9.x }} is sample data" } }),
    step("c", "code", { code: "return '{{ 7.x }}'" }),
    step("x", "transform", { fields: [{ name: "a", expression: "{{ 1.n }} + {{ 4.y }}" }, { name: "b", expression: "{{ 3.a }}" }] }),
    step("h", "http", { url: "https://x/{{ 12.id }}", headers: [{ name: "k", value: "{{ 2.ok }} {{ vars.A.b }} {{ removed.z }}" }] }),
  ];
  it("names step and field for later, self, missing and removed references", () => {
    const problems = findReferenceErrors(steps);
    expect(problems).toEqual([
      { step: 3, stepId: "x", field: "fields.0.expression", message: "{{ 4.y }} refers to step 4, which comes after step 3" },
      { step: 3, stepId: "x", field: "fields.1.expression", message: "{{ 3.a }} refers to step 3 itself; a step can only read earlier steps" },
      { step: 4, stepId: "h", field: "url", message: "{{ 12.id }} refers to step 12, which does not exist (the workflow has 4 steps)" },
      { step: 4, stepId: "h", field: "headers.0.value", message: "{{ vars.A.b }}: a variable is text and has no fields" },
      { step: 4, stepId: "h", field: "headers.0.value", message: "{{ removed.z }} refers to a step that was removed" },
    ]);
  });
  it("accepts a sound workflow", () => {
    expect(findReferenceErrors([step("t", "webhook", {}), step("p", "parse_json", { input: "{{ 1.body }} {{ secrets.K }}" })])).toEqual([]);
  });
});

describe("rewriteReferences", () => {
  it("renumbers references and marks removed steps", () => {
    const mapping = new Map<number, number | null>([[2, 3], [3, null]]);
    expect(rewriteReferences({ a: "{{ 2.items.0.id }} and {{3.x}} and {{ 1.y }}", b: ["{{ 2 }}"] }, mapping)).toEqual({
      a: "{{ 3.items.0.id }} and {{ removed.x }} and {{ 1.y }}",
      b: ["{{ 3 }}"],
    });
  });
  it("derives the mapping from step ids and leaves trigger data and code alone", () => {
    const mapping = referenceMapping(["t", "a", "b", "c"], ["t", "new", "b", "a"]);
    expect([...mapping]).toEqual([[1, 1], [2, 4], [3, 3], [4, null]]);
    const steps = rewriteStepReferences(
      [step("t", "webhook", { testingData: "{{ 2.x }}" }), step("k", "code", { code: "{{ 2.x }}", timeoutMs: 5 }), step("p", "parse_json", { input: "{{ 2.x }}" })],
      mapping,
    );
    expect(steps.map((s) => s.config)).toEqual([{ testingData: "{{ 2.x }}" }, { code: "{{ 2.x }}", timeoutMs: 5 }, { input: "{{ 4.x }}" }]);
  });
});

describe("file references", () => {
  it("reads a workspace file's text; a missing one fails naming it", () => {
    const s = { outputs: {}, files: { "report.csv": "a,b\n1,2", gone: null } };
    expect(resolveReferences("{{ files.report.csv }}", s).value).toBe("a,b\n1,2");
    expect(() => resolveReferences("{{ files.gone }}", s)).toThrow(/file gone is not in this workspace/);
    expect(findReferenceErrors([step("t", "webhook", {}), step("p", "parse_json", { input: "{{ files.x.json }}" })])).toEqual([]);
  });
});
