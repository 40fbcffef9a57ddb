// "Compare with" is always text, and a field without a value shows as null in the run view and
// Workflow data: a technician typing null there means that. It matched only the text "null", so
// a rule "assignee equals null" never held for an unassigned ticket and the run went the other
// way, its log reading `null equals "null" → false`.
import { describe, expect, it } from "vitest";
import { evaluateRule } from "@/lib/steps/evaluate-rule";
import { executeConditions } from "@/lib/steps/executors/conditions";
import { resolvingContext } from "../helpers/resolving-context";

const unassigned = (right: string, op = "equals") => ({
  branches: [{ id: "triage", name: "Unassigned", match: "all", rules: [{ left: "{{ 1.ticket.assignee }}", op, right }], target: "assign" }],
  otherwise: { target: null },
});

describe("a Conditions rule comparing with the text null", () => {
  it("takes the branch for a field that is null, and for one the data lacks", async () => {
    const ctx = resolvingContext("conditions", unassigned("null"), { 1: { ticket: { id: 7, assignee: null } } });
    expect(await executeConditions(ctx)).toEqual({ output: { branch: "triage", name: "Unassigned", matched: true }, next: "assign" });
    expect(ctx.lines).toContain('  null equals "null" → true');
    const lacking = resolvingContext("conditions", unassigned("null"), { 1: { ticket: { id: 8 } } });
    expect(await executeConditions(lacking)).toMatchObject({ output: { branch: "triage", matched: true } });
    const assigned = resolvingContext("conditions", unassigned("null"), { 1: { ticket: { id: 9, assignee: "dana" } } });
    expect(await executeConditions(assigned)).toEqual({ output: { branch: "otherwise", matched: false }, next: undefined });
    const notNull = resolvingContext("conditions", unassigned("null", "not_equals"), { 1: { ticket: { id: 7, assignee: null } } });
    expect(await executeConditions(notNull)).toMatchObject({ output: { branch: "otherwise", matched: false } });
  });

  it.each([
    [null, "equals", "null", true],
    [undefined, "equals", "null", true],
    [null, "not_equals", "null", false],
    ["dana", "not_equals", "null", true],
    // Either side: a reference that gives no value, against a field holding the text "null".
    ["null", "equals", null, true],
    [null, "in_list", "open, null", true],
    [[1, null], "contains", "null", true],
    // Unchanged: the text "null" itself, null against null, and other spellings or values.
    ["null", "equals", "null", true],
    [null, "equals", null, true],
    [null, "equals", "NULL", false],
    [null, "equals", " null", false],
    [null, "equals", "", false],
    [0, "equals", "null", false],
    ["", "equals", "null", false],
    [false, "equals", "null", false],
    [{}, "equals", "null", false],
    [null, "gte", "null", false],
    [null, "is_empty", undefined, true],
    [null, "exists", undefined, false],
  ] as const)("%j %s %j → %s", (left, op, right, want) => {
    expect(evaluateRule(left, op, right)).toBe(want);
  });
});
