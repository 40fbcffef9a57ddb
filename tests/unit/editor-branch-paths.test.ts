// What the editor says about branches in words (lib/editor/branch-paths.ts) and the insert that
// keeps a step added after a filter reachable (lib/editor/step-ops.ts insertStep).
import { describe, expect, it } from "vitest";
import { branchChangeOnMove, branchesOnRemove, numberRanges, ranBefore, unreachableSteps } from "@/lib/editor/branch-paths";
import { createStep, insertStep, type EditorStep } from "@/lib/editor/step-ops";

const step = (id: string, kind: EditorStep["kind"] = "code", config: Record<string, unknown> = {}): EditorStep => ({ id, kind, name: id, config });
const cond = (id: string, targets: [string, string][], otherwise: string | null) =>
  step(id, "conditions", { branches: targets.map(([name, t], i) => ({ id: `b${i}`, name, match: "all", rules: [], target: t })), otherwise: { target: otherwise } });
const otherwiseOf = (s: EditorStep) => (s.config.otherwise as { target: string | null }).target;

// 1 webhook, 2 Severity? (Critical → 3, Low → 5, Otherwise ends), 3–4 Critical, 5–6 Low.
const severity = () => [step("w", "webhook"), cond("c", [["Critical", "x"], ["Low", "y"]], null), step("x"), step("x2"), step("y"), step("y2")];

describe("a step added after a Conditions filter", () => {
  it("added right after a last Conditions step whose Otherwise ends the run, it is where Otherwise goes on", () => {
    const filter = insertStep([step("w", "webhook")], 1, createStep("conditions", "c"));
    expect(otherwiseOf(filter[1])).toBeNull();
    const added = insertStep(filter, 2, step("n"));
    expect(added.map((s) => s.id)).toEqual(["w", "c", "n"]);
    expect(otherwiseOf(added[1])).toBe("n");
    expect((added[1].config.branches as { target: string }[])[0].target).toBe("stop");
    expect(unreachableSteps(added)).toEqual([]);
    // The next one follows it as usual; the Otherwise stays where it went.
    const more = insertStep(added, 3, step("m"));
    expect(otherwiseOf(more[1])).toBe("n");
    expect(unreachableSteps(more)).toEqual([]);
  });

  it("an Otherwise that leads somewhere, an insert through a branch edge, or a step not right after it keep the branches", () => {
    const leads = [step("w", "webhook"), cond("c", [["A", "x"]], "x"), step("x")];
    expect(otherwiseOf(insertStep(leads, 3, step("n"))[1])).toBe("x");
    const ends = [step("w", "webhook"), cond("c", [["A", "stop"]], null)];
    expect(otherwiseOf(insertStep(ends, 2, step("n"), { stepId: "c", branch: "b0" })[1])).toBeNull();
    const notLast = [step("w", "webhook"), cond("c", [["A", "x"]], null), step("x")];
    expect(otherwiseOf(insertStep(notLast, 3, step("n"))[1])).toBeNull();
  });
});

describe("unreachable steps", () => {
  it("lists the steps no branch, Otherwise or previous step leads to", () => {
    const steps = [step("w", "webhook"), cond("c", [["Ping", "stop"]], null), step("a"), step("b")];
    expect(unreachableSteps(steps)).toEqual([3, 4]);
    expect(unreachableSteps(severity())).toEqual([]);
    expect(numberRanges([9, 10, 11, 14, 3])).toBe("3, 9–11, 14");
  });
});

describe("deleting a Conditions step", () => {
  it("names its branches' steps and the steps that then run for every event", () => {
    expect(branchesOnRemove(severity(), "c")).toEqual({
      branches: [
        { name: "Critical", steps: [3, 4] },
        { name: "Low", steps: [5, 6] },
      ],
      runForAll: [3, 4, 5, 6],
    });
    expect(branchesOnRemove(severity(), "x")).toBeNull();
    // Steps no branch reached run too once the Conditions step is gone.
    const filter = [step("w", "webhook"), cond("c", [["Ping", "stop"]], null), step("a")];
    expect(branchesOnRemove(filter, "c")).toEqual({ branches: [{ name: "Ping", steps: [], stops: true }], runForAll: [3] });
  });
});

describe("moves across a branch boundary", () => {
  it("says which step would run in which branch instead", () => {
    // Last step of Critical down: it becomes the first of Low.
    expect(branchChangeOnMove(severity(), 3, 4)).toBe(
      "Moving step 4 down changes which branch runs a step: step 5 (“x2”) would run in branch “Low” of step 2 instead of branch “Critical” of step 2. A step that reads an earlier step of its old branch fails there.",
    );
    // Within a branch, nothing changes.
    expect(branchChangeOnMove([...severity(), step("y3")], 5, 6)).toBeNull();
    // A target moved past the step after it: that step falls into the branch before.
    expect(branchChangeOnMove(severity(), 4, 5)).toMatch(/step 5 \(“y2”\) would run in branch “Critical” of step 2 instead of branch “Low” of step 2/);
    expect(branchChangeOnMove([step("w", "webhook"), step("a"), step("b")], 1, 2)).toBeNull();
  });

  it("a target moved down leaves the step it passed in the branch before", () => {
    const steps = [step("w", "webhook"), cond("c", [["A", "x"]], "z"), step("x"), step("m"), step("z")];
    expect(branchChangeOnMove(steps, 2, 3)).toMatch(/step 3 \(“m”\) would run in no branch instead of branch “A” of step 2/);
  });
});

describe("what ran before a step", () => {
  it("leaves out a sibling branch's steps", () => {
    const before = ranBefore(severity());
    expect([...before.get("y2")!].sort()).toEqual(["c", "w", "y"]);
    expect(before.get("y2")!.has("x")).toBe(false);
  });
});
