import { describe, expect, it } from "vitest";
import { executeConditions } from "@/lib/steps/executors/conditions";
import { evaluateRule } from "@/lib/steps/evaluate-rule";
import { StepError } from "@/lib/steps/executors/types";
import { resolvingContext } from "../helpers/resolving-context";

const alert = { severity: "Critical", score: "87", tags: ["edr", "prod"], host: { id: "h-1" }, seen: "2026-11-01T10:00:00Z", note: "" };

const config = (otherwise: string | null = "low") => ({
  branches: [
    { id: "crit", name: "Critical", match: "all", rules: [{ left: "{{ 1.severity }}", op: "equals", right: "Critical" }, { left: "{{ 1.score }}", op: "gte", right: 80 }], target: "isolate" },
    { id: "dup", match: "any", rules: [{ left: "{{ 1.duplicate }}", op: "exists" }], target: "stop" },
  ],
  otherwise: { target: otherwise },
});

describe("conditions step", () => {
  it("takes the first matching branch and says where to go", async () => {
    const ctx = resolvingContext("conditions", config(), { 1: alert });
    expect(await executeConditions(ctx)).toEqual({ output: { branch: "crit", name: "Critical", matched: true }, next: "isolate" });
    expect(ctx.lines.join("\n")).toContain('taken: branch "Critical" → isolate');
  });

  it("can stop the run", async () => {
    const ctx = resolvingContext("conditions", config(), { 1: { ...alert, severity: "Low", duplicate: true } });
    expect(await executeConditions(ctx)).toMatchObject({ output: { branch: "dup", matched: true }, next: "stop" });
  });

  it("falls through to otherwise; a null target ends the run (no next)", async () => {
    const low = { 1: { ...alert, severity: "Low" } };
    expect(await executeConditions(resolvingContext("conditions", config("low"), low))).toEqual({ output: { branch: "otherwise", matched: false }, next: "low" });
    expect(await executeConditions(resolvingContext("conditions", config(null), low))).toEqual({ output: { branch: "otherwise", matched: false }, next: undefined });
  });

  it("matches in the sandbox: flags work, and a backtracking pattern fails the step within its time limit", async () => {
    const rule = (right: string) => ({ branches: [{ id: "b", match: "all", rules: [{ left: "{{ 1.text }}", op: "matches", right }], target: "x" }], otherwise: { target: null } });
    const hit = resolvingContext("conditions", rule("/^inc-\\d+$/i"), { 1: { text: "INC-1234" } });
    expect(await executeConditions(hit)).toMatchObject({ output: { branch: "b", matched: true } });

    const started = Date.now();
    const evil = resolvingContext("conditions", rule("^(a+)+$"), { 1: { text: `${"a".repeat(40)}!` } });
    const e = await executeConditions(evil).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(StepError);
    expect((e as StepError).message).toMatch(/took longer than 1 s/);
    expect(Date.now() - started).toBeLessThan(5_000);
    // This process was never blocked: the next match answers at once.
    expect(await executeConditions(resolvingContext("conditions", rule("^a+$"), { 1: { text: "aaa" } }))).toMatchObject({ output: { matched: true } });
  });

  it("fails the step on an invalid regular expression", async () => {
    const ctx = resolvingContext("conditions", { branches: [{ id: "b", rules: [{ left: "{{ 1.severity }}", op: "matches", right: "([" }], target: "x" }] }, { 1: alert });
    await expect(executeConditions(ctx)).rejects.toThrow(StepError);
  });
});

describe("rule operators", () => {
  it.each([
    ["5", "equals", 5, true],
    ["abc", "equals", "ABC", false],
    [{ a: 1 }, "equals", { a: 1 }, true],
    ["x", "not_equals", "y", true],
    ["hello world", "contains", "world", true],
    [["edr", "prod"], "contains", "prod", true],
    [{ host: 1 }, "contains", "host", true],
    ["87", "gt", 80, true],
    [3, "gte", 3, true],
    [2, "lt", "10", true],
    ["2026-01-02", "lte", "2026-01-01T00:00:00Z", false],
    ["b", "gt", "a", true],
    [null, "gt", 1, false],
    [null, "exists", undefined, false],
    [0, "exists", undefined, true],
    ["  ", "is_empty", undefined, true],
    [[], "is_empty", undefined, true],
    [{}, "is_empty", undefined, true],
    [0, "is_empty", undefined, false],
    ["INC-1234", "matches", "^INC-\\d+$", true],
    ["inc-1", "matches", "/^INC/i", true],
    ["High", "in_list", "Low, Medium, High", true],
    [2, "in_list", [1, "2", 3], true],
    ["Critical", "in_list", ["Low"], false],
    // Two texts compare as text, even when both read as numbers: ids, codes and versions.
    ["9007199254740993", "equals", "9007199254740992", false],
    ["9007199254740993", "in_list", "9007199254740992, 42", false],
    ["9007199254740993", "in_list", "42, 9007199254740993", true],
    ["007", "equals", "7", false],
    ["1.10", "equals", "1.1", false],
    ["1.10", "not_equals", "1.1", true],
    [["007"], "contains", "7", false],
    // A number against text that reads as one (the editor's "Compare with" is text) coerces…
    [5, "equals", "5", true],
    [5, "in_list", "4, 5", true],
    [1.1, "equals", "1.10", true],
    [0.1, "equals", "0.1", true],
    [[5], "contains", "5", true],
    // …but never makes two different integers beyond 2^53 equal.
    [9007199254740992, "equals", "9007199254740993", false],
    [9007199254740992, "equals", "9007199254740992", true],
    // A number compares as it shows in the log and the run view.
    [2 ** 60, "equals", "1152921504606847000", true],
    [2 ** 60, "equals", "1152921504606846976", false],
    // Ordering operators compare as numbers, exactly beyond 2^53 too.
    ["10", "gt", "9", true],
    ["1.10", "gte", "1.1", true],
    ["9007199254740993", "gt", "9007199254740992", true],
    ["9007199254740992", "lt", "9007199254740993", true],
    ["1e400", "lt", "1e401", true],
  ] as const)("%j %s %j → %s", (left, op, right, want) => {
    expect(evaluateRule(left, op, right)).toBe(want);
  });
});
