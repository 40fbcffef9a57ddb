// The run lists said only "test" for a one-step test (Run step) and for a whole-workflow one (Run
// now, Run again), so Run again on "test" could run every step, external calls included, when
// the technician had tested one step. They now say which, and Run again on a one-step test says
// it runs the whole workflow (README: Runs).
import { describe, expect, it } from "vitest";
import { rerunNote, testRunLabel } from "@/components/runs/test-run-kind";

describe("testRunLabel", () => {
  it("a one-step test names its step; a run of every step says so; a live run has no label", () => {
    expect(testRunLabel({ test: true, scope: "step", targetStepId: "b", steps: [{ stepId: "a", number: 1 }, { stepId: "b", number: 2 }] })).toBe("test · step 2");
    expect(testRunLabel({ test: true, scope: "step", testedStep: 3 })).toBe("test · step 3");
    expect(testRunLabel({ test: true, scope: "step", targetStepId: null })).toBe("test · step 1");
    expect(testRunLabel({ test: true, scope: "workflow", targetStepId: null })).toBe("test · whole workflow");
    expect(testRunLabel({ test: false, scope: "workflow" })).toBeNull();
  });

  it("a one-step test whose step has no record yet (queued) is still one step", () => {
    expect(testRunLabel({ test: true, scope: "step", targetStepId: "b", steps: [{ stepId: "a", number: 1 }] })).toBe("test · one step");
  });
});

describe("rerunNote", () => {
  it("Run again on a one-step test says it runs the whole workflow; on a whole-workflow run it says nothing", () => {
    expect(rerunNote({ test: true, scope: "step", testedStep: 2 })).toBe("Runs the whole workflow, not only step 2: steps that call other services call them.");
    expect(rerunNote({ test: true, scope: "step", targetStepId: null })).toBe("Runs the whole workflow, not only the trigger: steps that call other services call them.");
    expect(rerunNote({ test: true, scope: "workflow" })).toBeNull();
    expect(rerunNote({ test: false, scope: "workflow" })).toBeNull();
  });
});
