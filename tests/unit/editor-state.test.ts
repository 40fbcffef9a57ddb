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

  it("keeps the history over the server's copy of my own save", () => {
    let s = editorReducer(initialEditorState({ name: "A", steps: [] }), { type: "edit", doc: { name: "B" } });
    s = editorReducer(s, { type: "server", doc: { name: "B", steps: [] } });
    expect(editorReducer(s, { type: "undo" }).name).toBe("A");
  });

  it("starts the history again from someone else's version, so Undo cannot revert their change", () => {
    // I rename step 1 (saved); someone else renames step 2 and their version is taken.
    let s = initialEditorState({ name: "W", steps: steps(2) });
    s = editorReducer(s, { type: "edit", doc: { steps: [{ ...s.steps[0], name: "mine" }, s.steps[1]] } });
    s = editorReducer(s, { type: "undo" });
    s = editorReducer(s, { type: "redo" });
    const theirs = [{ ...s.steps[0] }, { ...s.steps[1], name: "theirs" }];
    s = editorReducer(s, { type: "theirs", doc: { name: "W", steps: theirs } });
    expect([s.past.length, s.future.length, s.historyDropped]).toEqual([0, 0, true]);
    expect(editorReducer(s, { type: "undo" })).toBe(s);
    expect(s.steps.map((x) => x.name)).toEqual(["mine", "theirs"]);
    // The note goes with the next edit, or when dismissed.
    expect(editorReducer(s, { type: "edit", doc: { name: "X" } }).historyDropped).toBe(false);
    expect(editorReducer(s, { type: "dismiss-history-note" }).historyDropped).toBe(false);
  });

  it("takes someone else's version quietly when there was no history to drop", () => {
    const s = editorReducer(initialEditorState({ name: "A", steps: [] }), { type: "theirs", doc: { name: "B", steps: [] } });
    expect([s.name, s.revision, s.historyDropped]).toEqual(["B", 0, false]);
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
