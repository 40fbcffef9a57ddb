import { describe, expect, it } from "vitest";
import { describeSteps, pickStepTestSource, requiredEarlierSteps, type SourceRun } from "@/lib/runs/pick-step-test-source";
import type { Step } from "@/lib/workflows/definition";

const steps: Step[] = [
  { id: "a", kind: "webhook", name: "Alert", config: {} },
  { id: "b", kind: "transform", name: "B", config: { fields: [{ name: "x", expression: "{{ 1.n }}" }] } },
  { id: "c", kind: "transform", name: "C", config: { fields: [{ name: "y", expression: "{{ 2.x }} + {{ 4.z }}" }] } },
  { id: "d", kind: "transform", name: "D", config: { fields: [{ name: "z", expression: "1" }] } },
];
const rec = (stepId: string, output: unknown) => ({ stepId, output, startedAt: null, finishedAt: null });

describe("requiredEarlierSteps", () => {
  it("is the trigger plus earlier steps the templates or code read (never later ones)", () => {
    expect(requiredEarlierSteps(steps[1], 2)).toEqual([1]);
    expect(requiredEarlierSteps(steps[2], 3)).toEqual([1, 2]);
    expect(requiredEarlierSteps({ kind: "code", config: { code: "return steps[2]" } }, 3)).toEqual([1, 2]);
    expect(requiredEarlierSteps({ kind: "code", config: { code: "return steps[3] ?? steps[7]" } }, 3)).toEqual([1]);
  });
});

describe("pickStepTestSource", () => {
  it("takes the newest run that has every required output and copies all its earlier outputs", () => {
    const runs: SourceRun[] = [
      { id: "newest", trigger: { n: 9 }, records: [rec("a", { n: 9 })] },
      { id: "older", trigger: { n: 1 }, records: [rec("a", { n: 1 }), rec("b", { x: 1 })] },
    ];
    const forStep2 = pickStepTestSource(steps, 2, runs);
    expect(forStep2.ok && forStep2.run?.id).toBe("newest");
    const forStep3 = pickStepTestSource(steps, 3, runs);
    expect(forStep3.ok && forStep3.run?.id).toBe("older");
    expect(forStep3.ok && forStep3.copy.map((c) => [c.number, c.kind, c.output])).toEqual([
      [1, "webhook", { n: 1 }],
      [2, "transform", { x: 1 }],
    ]);
  });

  it("names what is missing from the closest run when none has it all", () => {
    expect(pickStepTestSource(steps, 3, [])).toEqual({ ok: false, missing: [1, 2] });
    expect(pickStepTestSource(steps, 3, [{ id: "r", trigger: {}, records: [rec("a", {})] }])).toEqual({ ok: false, missing: [2] });
    expect(describeSteps(steps, [1, 2])).toBe("step 1 (Webhook) and step 2 (Data Transformation)");
  });
});
