import { describe, expect, it } from "vitest";
import { resumePoint } from "@/lib/runs/plan-path";
import type { StepRecord, StepStatus } from "@/lib/runs/run-records";
import type { Step } from "@/lib/workflows/definition";

const s = (id: string): Step => ({ id, kind: "transform", name: id, config: { fields: [{ name: "a", expression: "1" }] } });
const records = (entries: [string, StepStatus][]) =>
  new Map(entries.map(([stepId, status], i): [string, StepRecord] => [stepId, { stepId, number: i + 1, kind: "transform", status, output: null, error: null, attempts: 1 }]));

describe("resumePoint", () => {
  it("is 0 for a run with no records", () => {
    expect(resumePoint([s("a"), s("b")], new Map())).toBe(0);
  });
  it("is the step the run was parked on, wherever the edit moved it", () => {
    const recs = records([["a", "succeeded"], ["w", "waiting"]]);
    expect(resumePoint([s("a"), s("w"), s("b")], recs)).toBe(2);
    expect(resumePoint([s("a"), s("new"), s("w"), s("b")], recs)).toBe(3); // "new" is ahead of it
  });
  it("is the open record's step even when a recorded step was moved after it", () => {
    const recs = records([["a", "succeeded"], ["w", "waiting"]]);
    expect(resumePoint([s("t"), s("w"), s("b"), s("a")], recs)).toBe(2); // b still runs
  });
  it("is the furthest recorded step when the parked step was removed or none is open", () => {
    expect(resumePoint([s("a"), s("b"), s("c")], records([["a", "succeeded"], ["gone", "waiting"]]))).toBe(1);
    expect(resumePoint([s("a"), s("x"), s("c")], records([["a", "succeeded"], ["c", "succeeded"]]))).toBe(3); // x: outside the branch taken
  });
});
