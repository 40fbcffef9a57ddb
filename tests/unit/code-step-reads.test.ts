// A Code step reads earlier outputs as steps[n]: inserting, moving or removing a step renumbers
// those reads like {{ n.x }} references, a read of a removed step is reported at save, and a
// single-step test borrows the outputs the code reads.
import { describe, expect, it } from "vitest";
import { blockingProblems, checkSteps, describeProblem } from "@/lib/editor/check-steps";
import { dependents, insertStep, moveStep, removeStep } from "@/lib/editor/step-ops";
import { requiredEarlierSteps } from "@/lib/runs/pick-step-test-source";
import { findCodeStepReads, rewriteCodeStepReads } from "@/lib/workflows/code-step-reads";
import { findReferenceErrors } from "@/lib/workflows/references";

const shift = new Map<number, number | null>([
  [2, 3],
  [3, 4],
]);

describe("a Code step's steps[n] reads", () => {
  it("are found in code, not in strings, comments, template text or regex literals", () => {
    const code = [
      "const a = steps[2].m + steps['3'].x + steps?.[1].n; // steps[2] in a comment",
      'const s = "steps[2]" + `steps[3] ${steps[ 2 ].y} and steps[9]`;',
      "const re = /steps[2]/g; const half = (a) / 2 / steps[3].z;",
      "/* steps[2] */ return { other: obj.steps[2], i: steps[i], n: steps.length };",
    ].join("\n");
    expect(findCodeStepReads(code).reads.map((r) => r.step)).toEqual([2, 3, 1, 2, 3]);
  });

  it("are renumbered by the mapping, quotes kept, and a removed step's read becomes steps.removed", () => {
    expect(rewriteCodeStepReads("return steps[2].m + steps['3'].x + steps[1].n", shift)).toBe("return steps[3].m + steps['4'].x + steps[1].n");
    expect(rewriteCodeStepReads("return `${steps[2].id}` + steps?.[3]?.x", shift)).toBe("return `${steps[3].id}` + steps?.[4]?.x");
    const removed = new Map<number, number | null>([[2, null], [3, 2]]);
    expect(rewriteCodeStepReads("const m = steps[2].m; const t = steps [ 3 ].t;", removed)).toBe("const m = steps.removed.m; const t = steps [ 2 ].t;");
    expect(rewriteCodeStepReads("return steps?.[2]", removed)).toBe("return steps.removed");
  });

  const workflow = () => [
    { id: "t", kind: "webhook" as const, name: "Webhook", config: {} },
    { id: "double", kind: "code" as const, name: "Double", config: { code: "return { m: steps[1].n * 2 };" } },
    { id: "uses", kind: "code" as const, name: "UsesTwo", config: { code: "return { r: steps[2].m + 1 };" } },
    { id: "tr", kind: "transform" as const, name: "T", config: { fields: [{ name: "m", expression: "{{ 2.m }}" }] } },
  ];

  it("keep reading the same step after the editor inserts, moves or removes one", () => {
    const inserted = insertStep(workflow(), 1, { id: "new", kind: "http", name: "HTTP", config: { method: "GET", url: "https://x.test" } });
    expect(inserted.map((s) => s.id)).toEqual(["t", "new", "double", "uses", "tr"]);
    expect(inserted[3].config).toEqual({ code: "return { r: steps[3].m + 1 };" });
    expect(inserted[4].config).toEqual({ fields: [{ name: "m", expression: "{{ 3.m }}" }] });

    const moved = moveStep(inserted, "new", 4);
    expect(moved.map((s) => s.id)).toEqual(["t", "double", "uses", "tr", "new"]);
    expect(moved[2].config).toEqual({ code: "return { r: steps[2].m + 1 };" });
  });

  it("warn before the step they read is removed, and a read left of it is a save-time problem", () => {
    expect(dependents(workflow(), 2)).toEqual([3, 4]);
    const left = removeStep(workflow(), "double");
    expect(left[1].config).toEqual({ code: "return { r: steps.removed.m + 1 };" });
    const problems = findReferenceErrors(left);
    expect(problems).toContainEqual(expect.objectContaining({ step: 2, field: "code", message: expect.stringContaining("steps.removed refers to a step that was removed") }));
    expect(findReferenceErrors(workflow())).toEqual([]);
  });

  it("are the earlier outputs a single-step test of the Code step needs", () => {
    expect(requiredEarlierSteps(workflow()[2], 3)).toEqual([1, 2]);
    expect(requiredEarlierSteps({ kind: "code", config: { code: "return steps[5] ?? steps['2']" } }, 4)).toEqual([1, 2]);
  });
});

// A read of a step that does not exist, of a later step or of the Code step itself was saved
// without a word and failed when run: "TypeError: Cannot read properties of undefined (reading
// 'x')". It is checked like {{ n.x }}: the editor flags the step and the server refuses the save.
describe("a Code step's steps[n] read of a step it cannot read", () => {
  const steps = (code: string) => [
    { id: "t", kind: "webhook" as const, name: "Webhook", config: {} },
    { id: "c", kind: "code" as const, name: "Code", config: { code } },
    { id: "h", kind: "http" as const, name: "HTTP", config: { method: "GET", url: "https://x.test" } },
  ];

  it("is a problem naming the read, as for {{ 9.x }}: no such step, a later one, the step itself", () => {
    expect(findReferenceErrors(steps("return { x: steps[9].x };"))).toEqual([
      { step: 2, stepId: "c", field: "code", message: "steps[9] refers to step 9, which does not exist (the workflow has 3 steps)" },
    ]);
    expect(findReferenceErrors(steps("return steps['3'].status + steps?.[0]")).map((p) => p.message)).toEqual([
      "steps[3] refers to step 3, which comes after step 2",
      "steps[0] refers to step 0, which does not exist (the workflow has 3 steps)",
    ]);
    expect(findReferenceErrors(steps("return steps[2]")).map((p) => p.message)).toEqual(["steps[2] refers to step 2 itself; a step can only read earlier steps"]);
    // Each read once, however often the code repeats it.
    expect(findReferenceErrors(steps("return [steps[9].a, steps[9].b]"))).toHaveLength(1);
    // A `steps` of the code's own reads what it holds, not the workflow's steps: no problem.
    for (const code of ["const f = (steps) => steps[7]; return f([1])", "const f = steps => steps[7]", "function pick(a, steps) { return steps[9] }", "const { steps } = input; return steps[9]", "let steps = [1]; return steps[5]", "try { x() } catch (steps) { return steps[4] }"]) {
      expect(findReferenceErrors(steps(code)), code).toEqual([]);
    }
    // One step is "1 step".
    expect(findReferenceErrors([{ id: "c", kind: "code", config: { code: "return steps[2]" } }]).map((p) => p.message)).toEqual(["steps[2] refers to step 2, which does not exist (the workflow has 1 step)"]);
  });

  it("reads of earlier steps, and steps[9] in a string or a comment, are fine", () => {
    expect(findReferenceErrors(steps("// steps[9] later\nreturn { x: steps[1].x, s: 'steps[9]' };"))).toEqual([]);
  });

  it("the editor flags the step with the same words, and does not send the save", () => {
    const problems = blockingProblems(checkSteps(steps("return { x: steps[9].x };")), false);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ stepId: "c", number: 2, field: "code" });
    expect(describeProblem(problems[0])).toMatch(/^step 2 \(Code Execution\): \w+: steps\[9\] refers to step 9, which does not exist \(the workflow has 3 steps\)$/);
  });
});
