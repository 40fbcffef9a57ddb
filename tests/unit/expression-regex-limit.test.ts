// A regular expression in a JSONata expression (transform fields, summarize computed columns)
// runs natively and JSONata's own time limit is only checked between its evaluation steps: a
// backtracking pattern must fail the step after ~1 s, and must not block this process meanwhile.
import { describe, expect, it } from "vitest";
import { executeSummarize } from "@/lib/steps/executors/summarize";
import { executeTransform } from "@/lib/steps/executors/transform";
import { StepError } from "@/lib/steps/executors/types";
import { resolvingContext } from "../helpers/resolving-context";

const evil = `${"a".repeat(30)}!`;

/** The longest time this process's event loop went without running a 20 ms timer while `work` ran. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T | unknown; stallMs: number }> {
  let last = Date.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 20);
  try {
    const result = await work().catch((e: unknown) => e);
    return { result, stallMs };
  } finally {
    clearInterval(timer);
  }
}

describe("regular expressions in expressions", () => {
  it("work as before in transform fields ($contains, $match, $replace, $split)", async () => {
    const ctx = resolvingContext("transform", {
      fields: [
        { name: "has", expression: "$contains({{ 1.s }}, /inc-\\d+/i)" },
        { name: "id", expression: "$match({{ 1.s }}, /INC-(\\d+)/).groups[0]" },
        { name: "masked", expression: "$replace({{ 1.s }}, /\\d/, '#')" },
        { name: "parts", expression: "$split({{ 1.s }}, /[- ]/)" },
        { name: "again", expression: "$has and $id = '42'" },
      ],
    }, { 1: { s: "INC-42 open" } });
    expect((await executeTransform(ctx)).output).toEqual({ has: true, id: "42", masked: "INC-## open", parts: ["INC", "42", "open"], again: true });
  });

  it("a backtracking pattern fails the transform step after ~1 s without blocking this process", async () => {
    const started = Date.now();
    const ctx = resolvingContext("transform", { fields: [{ name: "m", expression: "$contains({{ 1.s }}, /^(a+)+$/)" }] }, { 1: { s: evil } });
    const { result, stallMs } = await longestStall(() => executeTransform(ctx));
    expect(result).toBeInstanceOf(StepError);
    expect((result as StepError).message).toMatch(/^field "m": .*longer than its 1 s time limit.*regular expression/);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(stallMs).toBeLessThan(500);
  });

  it("a backtracking pattern fails a summarize computed column the same way", async () => {
    const ctx = resolvingContext("summarize", {
      input: "{{ 1.rows }}",
      groupBy: [],
      aggregates: [],
      computed: [{ name: "bad", expression: "$match({{ 1.s }}, /^(a|a)+$/)" }],
    }, { 1: { s: evil, rows: [{ a: 1 }] } });
    const started = Date.now();
    const { result, stallMs } = await longestStall(() => executeSummarize(ctx));
    expect(result).toBeInstanceOf(StepError);
    expect((result as StepError).message).toMatch(/^computed column "bad": .*longer than its 1 s time limit/);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(stallMs).toBeLessThan(500);
  });

  it("an invalid expression with a regex still reports JSONata's error with its position", async () => {
    const ctx = resolvingContext("transform", { fields: [{ name: "x", expression: "$match({{ 1.s }}, /a/) +" }] }, { 1: { s: "a" } });
    await expect(executeTransform(ctx)).rejects.toThrow(/^field "x": .*\(at character/);
  });
});
