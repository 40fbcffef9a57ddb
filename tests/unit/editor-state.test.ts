import { describe, expect, it } from "vitest";
import { editorReducer, initialEditorState } from "@/lib/editor/editor-state";
import { describeSchema, emptyValue } from "@/lib/editor/form-model";
import { STEP_CATALOG } from "@/lib/steps/catalog";

const steps = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `s${i}`, kind: "code" as const, name: `s${i}`, config: {} }));

describe("editorReducer", () => {
  it("undoes and redoes edits and counts revisions", () => {
    let s = initialEditorState({ name: "A", steps: steps(1) });
    s = editorReducer(s, { type: "edit", doc: { name: "B" } });
    s = editorReducer(s, { type: "edit", doc: { steps: steps(2) } });
    expect(s.revision).toBe(2);
    s = editorReducer(s, { type: "undo" });
    expect([s.name, s.steps.length]).toEqual(["B", 1]);
    s = editorReducer(s, { type: "undo" });
    expect(s.name).toBe("A");
    expect(editorReducer(s, { type: "undo" })).toBe(s);
    s = editorReducer(s, { type: "redo" });
    expect(s.name).toBe("B");
    expect(s.revision).toBe(5);
  });

  it("coalesces typing in one field into one undo entry", () => {
    let s = initialEditorState({ name: "", steps: [] });
    for (const name of ["a", "ab", "abc"]) s = editorReducer(s, { type: "edit", doc: { name }, coalesce: "name" });
    expect(s.past).toHaveLength(1);
    expect(editorReducer(s, { type: "undo" }).name).toBe("");
  });

  it("takes the server's copy without an undo entry or a new revision", () => {
    const s = editorReducer(initialEditorState({ name: "A", steps: [] }), { type: "server", doc: { name: "A", steps: steps(1) } });
    expect([s.revision, s.past.length, s.steps.length]).toEqual([0, 0, 1]);
  });
});

describe("form model from the catalog", () => {
  it("describes the HTTP step's fields", () => {
    const spec = describeSchema(STEP_CATALOG.http.config, "http");
    if (spec.type !== "object") throw new Error("object expected");
    const byKey = Object.fromEntries(spec.fields.map((f) => [f.key, f]));
    expect(byKey.method.spec).toEqual({ type: "enum", options: ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"] });
    expect(byKey.url).toMatchObject({ required: true, hint: "template", label: "URL" });
    expect(byKey.timeoutMs).toMatchObject({ label: "Timeout (ms)", defaultValue: 30000, spec: { type: "number", min: 100, max: 300000 } });
    expect(byKey.body.spec.type).toBe("union");
    expect(byKey.connectionId).toMatchObject({ hint: "connection", label: "Account" });
  });

  it("marks Conditions targets and rule values, and builds empty items", () => {
    const spec = describeSchema(STEP_CATALOG.conditions.config, "conditions");
    if (spec.type !== "object") throw new Error("object expected");
    const branches = spec.fields[0].spec;
    if (branches.type !== "array" || branches.item.type !== "object") throw new Error("array of objects expected");
    const hints = Object.fromEntries(branches.item.fields.map((f) => [f.key, f.hint]));
    expect(hints).toMatchObject({ id: "hidden", target: "target" });
    const rules = branches.item.fields.find((f) => f.key === "rules")!.spec;
    if (rules.type !== "array") throw new Error("array expected");
    expect(emptyValue(rules.item)).toEqual({ left: "", op: "equals" });
    expect(emptyValue(describeSchema(STEP_CATALOG.wait.config, "wait"))).toEqual({ mode: "duration", seconds: 120 });
  });
});
