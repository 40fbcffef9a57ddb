// A field's problem in the editor is named as the form names the field: the header read "step 4
// (Data Transformation): fields.0.expression: {{ 9.x }} refers to step 9…" where the form shows
// "Field 1" › "Expression" (and "Field 1 expression is required" names it), and the message was not
// shown under that field at all.
import { describe, expect, it } from "vitest";
import { checkStepFields, checkSteps, describeProblem } from "@/lib/editor/check-steps";
import { formField } from "@/lib/editor/form-field";
import type { EditorStep } from "@/lib/editor/step-ops";

const hook: EditorStep = { id: "t", kind: "webhook", name: "Webhook", config: {} };
const later = "{{ 9.x }} refers to step 9, which does not exist (the workflow has 3 steps)";

describe("field names in problems", () => {
  it("names list items 1-based in the singular, with the form's labels, as 'is required' does", () => {
    expect(formField("transform", ["fields", 0, "expression"])).toEqual({ path: ["fields", 0, "expression"], label: "Field 1 expression" });
    expect(formField("http", ["headers", "1", "value"])).toEqual({ path: ["headers", 1, "value"], label: "Header 2 value" });
    expect(formField("http", ["query", 0, "name"]).label).toBe("Query parameter 1 name");
    expect(formField("conditions", ["branches", 0, "rules", 1, "right"]).label).toBe("Branch 1 rule 2 value to compare with");
    expect(formField("conditions", ["branches", 1, "target"]).label).toBe("Branch 2 target");
    expect(formField("conditions", ["otherwise", "target"]).label).toBe("Otherwise target");
    expect(formField("summarize", ["computed", 2, "expression"]).label).toBe("Computed field 3 expression");
    expect(formField("http", ["timeoutMs"]).label).toBe("Timeout (ms)");
    expect(formField("wait", ["at"]).label).toBe("Until (date and time)");
    // Inside a JSON body: the field is the body's, where the problem is shown.
    expect(formField("http", ["body", "json", "ticket", "0"])).toEqual({ path: ["body", "json"], label: "JSON body" });
  });

  it("a reference to a missing step reads in the form's words, in the header and under the field", () => {
    const steps: EditorStep[] = [
      hook,
      { id: "h", kind: "http", name: "Call", config: { method: "GET", url: "https://x.test", headers: [{ name: "X-Id", value: "+ {{ 9.x }}" }] } },
      { id: "d", kind: "transform", name: "Shape", config: { fields: [{ name: "a", expression: "1" }, { name: "b", expression: "$string({{ 9.x }})" }] } },
    ];
    expect(checkSteps(steps).map(describeProblem)).toEqual([
      `step 2 (HTTP Request): Header 1 value: ${later}`,
      `step 3 (Data Transformation): Field 2 expression: ${later}`,
    ]);
    expect(checkStepFields(steps, 2)).toEqual([{ field: "fields.1.expression", message: `Field 2 expression: ${later}`, incomplete: false }]);
    expect(checkStepFields(steps, 1)).toEqual([{ field: "headers.0.value", message: `Header 1 value: ${later}`, incomplete: false }]);
  });

  it("Conditions rules and Summarize columns too, and a schema problem in a list item", () => {
    const steps: EditorStep[] = [
      hook,
      { id: "c", kind: "conditions", name: "If", config: { branches: [{ id: "b1", name: "B", match: "all", rules: [{ left: "{{ 1.a }}", op: "equals", right: "{{ 3.x }}" }], target: "stop" }], otherwise: { target: null } } },
      { id: "s", kind: "summarize", name: "Sum", config: { input: "{{ 1.rows }}", computed: [{ name: "n", expression: "{{ 3.n }}" }] } },
    ];
    expect(checkSteps(steps).map(describeProblem)).toEqual([
      "step 2 (Conditions): Branch 1 rule 1 value to compare with: {{ 3.x }} refers to step 3, which comes after step 2",
      "step 3 (Summarize): Computed field 1 expression: {{ 3.n }} refers to step 3 itself; a step can only read earlier steps",
    ]);
    const badHeader: EditorStep[] = [hook, { id: "h", kind: "http", name: "Call", config: { method: "GET", url: "https://x.test", headers: [{ name: "X-Id", value: 5 }] } }];
    expect(checkStepFields(badHeader, 1)[0]).toEqual({ field: "headers.0.value", message: "Header 1 value: must be text", incomplete: false });
  });
});
