// A number a step needs (a Wait's Seconds) left empty is saved in a Draft like empty required
// text, and named for Live in words: cleared, it used to stop every save with "Seconds: Invalid
// input: expected number, received undefined". A number out of range still stops the save (the
// server refuses it), in words too, not as zod's "Too big: expected number to be <=31622400".
import { describe, expect, it } from "vitest";
import { blockingProblems, checkConfig, checkSteps, describeProblem } from "@/lib/editor/check-steps";
import { describeSchema } from "@/lib/editor/form-model";
import type { EditorStep } from "@/lib/editor/step-ops";
import { STEP_CATALOG } from "@/lib/steps/catalog";
import { assertLiveReady } from "@/lib/workflows/assert-live-ready";
import { executeStepAlone } from "@/tests/helpers/execute-step-alone";
import { serverSaves } from "@/tests/helpers/server-saves";

const hook: EditorStep = { id: "t", kind: "webhook", name: "Webhook", config: {} };
const wait = (seconds: unknown): EditorStep => ({ id: "w", kind: "wait", name: "Wait", config: { mode: "duration", seconds } });
const code = (timeoutMs: unknown): EditorStep => ({ id: "c", kind: "code", name: "Code", config: { code: "return 1", timeoutMs } });


describe("a Wait's Seconds", () => {
  it("cleared (null) is unfinished: saved in a Draft, refused for Live naming the field", () => {
    const steps = [hook, wait(null)];
    const problems = checkSteps(steps);
    expect(problems.map(describeProblem)).toEqual(["step 2 (Wait): Seconds is required"]);
    expect(problems[0]).toMatchObject({ field: "seconds", incomplete: true });
    expect(blockingProblems(problems, false)).toEqual([]);
    expect(serverSaves(steps)).toBe(true);
    expect(() => assertLiveReady(JSON.parse(JSON.stringify(steps)))).toThrow(
      expect.objectContaining({ status: 409, code: "step_incomplete", message: "step 2 (Wait): Seconds is required; fill it in, or keep the workflow in Draft", details: { step: 2, stepId: "w", field: "seconds" } }),
    );
  });

  it("out of range stops the save, saying the limit in words", () => {
    for (const [seconds, message] of [
      [0, "Seconds: must be more than 0"],
      [-5, "Seconds: must be more than 0"],
      [40_000_000, "Seconds: must be at most 366 days (31,622,400 seconds)"],
    ] as const) {
      const steps = [hook, wait(seconds)];
      expect(blockingProblems(checkSteps(steps), false).map((p) => p.message), String(seconds)).toEqual([message]);
      expect(checkConfig("wait", wait(seconds).config)).toEqual([{ field: "seconds", message, incomplete: false }]);
      expect(serverSaves(steps)).toBe(false);
    }
    expect(checkSteps([hook, wait(31_622_400)])).toEqual([]);
  });

  it("the form knows a cleared field is null, and labels it required", () => {
    const spec = describeSchema(STEP_CATALOG.wait.config, "wait");
    if (spec.type !== "union") throw new Error("union expected");
    const field = spec.options[0].spec.fields.find((f) => f.key === "seconds")!;
    expect(field).toMatchObject({ required: true, spec: { type: "number", nullable: true } });
  });

  it("a run fails the unfinished step naming the field", async () => {
    const outcome = await executeStepAlone(wait(null));
    expect(!outcome.ok && outcome.error.message).toBe("Seconds is required (the step was saved unfinished: fill it in in the editor)");
  });
});

describe("a Code step's Timeout (ms)", () => {
  it("out of range says the limit in words", () => {
    expect(blockingProblems(checkSteps([hook, code(50)]), false).map(describeProblem)).toEqual(["step 2 (Code Execution): Timeout (ms): must be at least 100 ms"]);
    expect(blockingProblems(checkSteps([hook, code(90_000)]), false).map(describeProblem)).toEqual([
      "step 2 (Code Execution): Timeout (ms): must be at most 60,000 ms (60 seconds)",
    ]);
    expect(blockingProblems(checkSteps([hook, code(150.5)]), false).map((p) => p.message)).toEqual(["Timeout (ms): must be a whole number of milliseconds"]);
  });

  it("cleared, it takes its default", () => {
    expect(checkSteps([hook, code(undefined)])).toEqual([]);
  });
});
