import { describe, expect, it } from "vitest";
import { branchEnd, conditionsNext } from "@/lib/runs/plan-path";
import type { Step } from "@/lib/workflows/definition";

const cond = (id: string, targets: string[], otherwise: string | null): Step => ({
  id,
  kind: "conditions",
  name: "c",
  config: { branches: targets.map((t, i) => ({ id: `b${i}`, rules: [{ left: "x", op: "exists" }], target: t })), otherwise: { target: otherwise } },
});
const s = (id: string): Step => ({ id, kind: "transform", name: id, config: { fields: [{ name: "a", expression: "1" }] } });

// 1 trigger, 2 conditions (crit → 3, otherwise → 5), 3, 4, 5, 6
const steps = [s("t"), cond("c", ["s3"], "s5"), s("s3"), s("s4"), s("s5"), s("s6")];

describe("branch rule", () => {
  it("a branch runs from its target to the step before the next target", () => {
    expect(branchEnd(steps, 2, 3, 7)).toBe(5); // steps 3, 4
    expect(branchEnd(steps, 2, 5, 7)).toBe(7); // steps 5, 6 (last target runs to the end)
  });
  it("a nested Conditions step narrows the bound; jumping beyond it takes the new branch's bound", () => {
    const nested = [s("t"), cond("c", ["a"], "d"), cond("a", ["b"], "c2"), s("b"), s("c2"), s("d")];
    expect(branchEnd(nested, 3, 4, branchEnd(nested, 2, 3, 7))).toBe(5);
    expect(branchEnd(nested, 3, 5, 6)).toBe(6); // c2 only, not d (outer bound)
    expect(branchEnd(nested, 3, 6, 6)).toBe(7); // jumps out to d: the new branch's own bound
  });
  it("reads the branch taken from a recorded output", () => {
    expect(conditionsNext(steps[1], { branch: "b0", matched: true })).toBe("s3");
    expect(conditionsNext(steps[1], { branch: "otherwise", matched: false })).toBe("s5");
  });
});
