import { describe, expect, it } from "vitest";
import { skipReason, type SkipRun } from "@/lib/editor/skip-reason";

// 1 webhook, 2 Conditions "Severity" (Critical → 3, otherwise → 4), 3 Isolate, 4 Ticket.
const run = (status: string, cond: unknown, rest: [string, string]): SkipRun => ({
  status,
  steps: [
    { stepId: "hook", number: 1, kind: "webhook", name: "Alert", status: "succeeded" },
    { stepId: "sev", number: 2, kind: "conditions", name: "Severity", status: "succeeded", output: cond },
    { stepId: "isolate", number: 3, kind: "transform", name: "Isolate", status: rest[0] },
    { stepId: "ticket", number: 4, kind: "transform", name: "Ticket", status: rest[1] },
  ],
});
const definition = [
  { id: "hook", kind: "webhook", config: {} },
  { id: "sev", kind: "conditions", config: { branches: [{ id: "crit", name: "Critical", target: "isolate" }], otherwise: { target: "ticket" } } },
  { id: "isolate", kind: "transform", config: {} },
  { id: "ticket", kind: "transform", config: {} },
];

describe("skipReason", () => {
  it("names the Conditions step and the branch it chose", () => {
    const r = run("succeeded", { branch: "crit", name: "Critical", matched: true }, ["succeeded", "skipped"]);
    expect(skipReason(r, { number: 4 })).toBe("the branch it took does not include it — step 2 (Severity) chose “Critical”.");
  });

  it("says when no branch matched and the run went Otherwise", () => {
    const r = run("succeeded", { branch: "otherwise", matched: false }, ["skipped", "succeeded"]);
    expect(skipReason(r, { number: 3 })).toBe("the branch it took does not include it — step 2 (Severity) matched no branch and went Otherwise.");
  });

  it("a branch without a name is named by its id; a run with no Conditions step keeps the plain words", () => {
    expect(skipReason(run("succeeded", { branch: "crit", matched: true }, ["succeeded", "skipped"]), { number: 4 })).toContain("step 2 (Severity) chose “crit”.");
    expect(skipReason({ status: "succeeded", steps: [{ number: 1, status: "succeeded" }, { number: 2, status: "skipped" }] }, { number: 2 })).toBe(
      "the branch it took does not include it.",
    );
  });

  it("in a run that failed in the branch taken, a step of another branch is blamed on the branch (read with the workflow)", () => {
    const r = run("failed", { branch: "crit", name: "Critical" }, ["failed", "skipped"]);
    expect(skipReason(r, { number: 4 }, definition)).toBe("the branch it took does not include it — step 2 (Severity) chose “Critical”.");
    // A step inside the branch taken, not reached because the run failed: the failure.
    const inside = run("failed", { branch: "otherwise" }, ["skipped", "skipped"]);
    const after = { ...inside, steps: [...inside.steps.slice(0, 2), { stepId: "isolate", number: 3, kind: "code", status: "skipped" }, { stepId: "ticket", number: 4, kind: "code", status: "skipped" }] };
    expect(skipReason(after, { number: 4 }, definition)).toBe("the run failed before it reached this step.");
    expect(skipReason(after, { number: 3 }, definition)).toBe("the branch it took does not include it — step 2 (Severity) matched no branch and went Otherwise.");
  });

  it("the record's own reason, then how the run ended, come first", () => {
    const r = run("failed", { branch: "crit", name: "Critical" }, ["failed", "skipped"]);
    expect(skipReason(r, { number: 4, error: "removed while the run waited" })).toBe("removed while the run waited.");
    expect(skipReason(r, { number: 4 })).toBe("the run failed before it reached this step.");
    expect(skipReason({ ...r, status: "stopped" }, { number: 4 })).toBe("the run was stopped before it reached this step.");
  });
});
