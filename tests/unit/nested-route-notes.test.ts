// A field reading a step that only some of the runs reaching it have run (a nested Conditions
// branch leads past its branch's end) gets a note naming the route those runs came by; moving the
// reading step into or out of the nested branch changes the note and the marks with it.
import { describe, expect, it } from "vitest";
import { checkStepFields, checkSteps } from "@/lib/editor/check-steps";
import { moveStep, type EditorStep } from "@/lib/editor/step-ops";

const rule = [{ left: "{{ 1.kind }}", op: "equals", right: "a" }];
const conditions = (id: string, name: string, branch: [string, string], otherwise: string): EditorStep => ({
  id,
  kind: "conditions",
  name,
  config: { branches: [{ id: `${id}-b`, name: branch[0], match: "all", rules: rule, target: branch[1] }], otherwise: { target: otherwise } },
});
const code = (id: string, name: string): EditorStep => ({ id, kind: "code", name, config: { code: "return 1" } });
const reads3: EditorStep = { id: "note", kind: "http", name: "Note", config: { method: "GET", url: "https://psa.test/{{ 3.id }}" } };

// 1 Webhook; 2 Route (High → 3, Otherwise → 5); 3 Nested, in High (Close now → 6, Otherwise → 4);
// 4 Inner; 5 Ticket; 6 Close; 7 Note, reading step 3. A run by Otherwise of step 2 reaches step 7
// through 5 and 6 without step 3; one by High runs step 3 first.
const workflow = (): EditorStep[] => [
  { id: "hook", kind: "webhook", name: "Webhook", config: {} },
  conditions("route", "Route", ["High", "nested"], "ticket"),
  conditions("nested", "Nested", ["Close now", "close"], "inner"),
  code("inner", "Inner"),
  code("ticket", "Ticket"),
  code("close", "Close"),
  reads3,
];

/** What the editor says under Note's URL field, and whether the step is marked unfinished. */
function said(steps: EditorStep[]) {
  const at = steps.findIndex((s) => s.id === "note");
  const url = checkStepFields(steps, at).find((p) => p.field === "url");
  const marked = checkSteps(steps).some((p) => p.stepId === "note" && p.incomplete);
  return { url: url && { message: url.message, advisory: url.advisory ?? false }, marked };
}

describe("a reference only some routes have data for", () => {
  it("is noted under the field naming the route (the Conditions step and its branch), not marked", () => {
    expect(said(workflow())).toEqual({
      url: {
        message: 'URL: {{ 3.id }} reads step 3, which has run only when Conditions step 2 takes branch "High"; runs that come another way reach this step without it, and there it reads as empty',
        advisory: true,
      },
      marked: false,
    });
  });

  it("moved into the nested branch (every run reaching it ran step 3), the note goes; moved into Otherwise of step 2, it is marked; moved back, the note returns", () => {
    // Up to position 5, after Inner: on Otherwise of step 3, reached only through step 3.
    const inNested = moveStep(workflow(), "note", 4);
    expect(inNested.map((s) => s.id)).toEqual(["hook", "route", "nested", "inner", "note", "ticket", "close"]);
    expect(said(inNested)).toEqual({ url: undefined, marked: false });
    // Down to after Ticket: on Otherwise of step 2, where step 3 never runs.
    const inOtherwise = moveStep(inNested, "note", 5);
    expect(inOtherwise.map((s) => s.id)).toEqual(["hook", "route", "nested", "inner", "ticket", "note", "close"]);
    expect(said(inOtherwise).marked).toBe(true);
    expect(said(inOtherwise).url?.message).toContain('step 3, which is on branch "High" of step 2; this step is on Otherwise');
    // Back after Close, where both routes meet: the note again.
    const back = moveStep(inOtherwise, "note", 6);
    expect(back.map((s) => s.id)).toEqual(workflow().map((s) => s.id));
    expect(said(back)).toEqual(said(workflow()));
    expect(said(back).url?.message).toContain('only when Conditions step 2 takes branch "High"');
  });
});
