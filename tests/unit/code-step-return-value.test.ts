// What a Code step returns crosses the sandbox as JSON. JSON.stringify quietly drops a function
// or symbol (no output, a missing key, null in a list), so a step that returned one succeeded
// with its data gone; it now fails, naming where, as a Transformation expression giving a
// function does. undefined keeps JSON's meaning (README: no return is a null output).
import { describe, expect, it } from "vitest";
import { executeCode } from "@/lib/steps/executors/code";
import { StepError } from "@/lib/steps/executors/types";
import { makeContext } from "@/tests/helpers/step-context";

const run = (code: string) => executeCode(makeContext({ config: { code } }));

async function failure(code: string): Promise<string> {
  const e = await run(code).then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(StepError);
  expect((e as StepError).retryable).toBe(false);
  return (e as StepError).message;
}

describe("code step return value", () => {
  it("a returned function fails the step instead of a silent null output", async () => {
    expect(await failure("return () => 1")).toBe(
      "code step failed: the code returned a function, not a value: a step's output is JSON data — call the function and return what it gives, or leave it out",
    );
  });

  it("says where a function or symbol sits in the value", async () => {
    expect(await failure("return { result: { handler() { return 1 } } }")).toMatch(/^code step failed: the code returned a function at result\.handler, not a value/);
    expect(await failure("return { rows: [1, { id: 2, fmt: String }] }")).toMatch(/the code returned a function at rows\[1\]\.fmt, not a value/);
    expect(await failure("return [null, Symbol('x')]")).toMatch(/^code step failed: the code returned a symbol at \[1\], not a value: .*return a text instead/);
    expect(await failure("return { 'x-y': { s: Symbol.iterator } }")).toMatch(/the code returned a symbol at \["x-y"\]\.s, not a value/);
    expect(await failure("return Symbol('x')")).toMatch(/the code returned a symbol, not a value/);
    // toJSON's result is what counts, as it is what JSON would hold.
    expect(await failure("return { when: { toJSON: () => () => 1 } }")).toMatch(/the code returned a function at when, not a value/);
  });

  it("keeps JSON's own meaning for undefined, toJSON and plain data", async () => {
    expect((await run("return undefined")).output).toBeNull();
    expect((await run("return { a: 1, b: undefined, c: [undefined] }")).output).toEqual({ a: 1, c: [null] });
    expect((await run("return { at: new Date(0), n: [1, { m: 'x' }], s: 'a' }")).output).toEqual({ at: "1970-01-01T00:00:00.000Z", n: [1, { m: "x" }], s: "a" });
    const shared = "const o = { k: 1 }; return { a: o, b: [o, o] }";
    expect((await run(shared)).output).toEqual({ a: { k: 1 }, b: [{ k: 1 }, { k: 1 }] });
  });

  // Deliveries and API bodies may be nested 512 levels deep (MAX_JSON_DEPTH), and so may a Code
  // step's output. 100,000 levels took the serialiser 1–2.5 s to give up (the run read "ran
  // longer than its 1 s time limit" under such a limit, else "not JSON-serialisable: Maximum call
  // stack size exceeded"), and 10,000 levels crossed the sandbox to fail in the worker's JSON.parse.
  it("a return value nested deeper than 512 levels fails at once, saying so", async () => {
    const deep = (levels: number, open: string) => `let v = 1; for (let i = 0; i < ${levels}; i++) v = ${open}; return v`;
    const refusal = "code step failed: the return value is nested more than 512 levels deep (lists and objects inside one another); return a flatter value";
    for (const [levels, open] of [[100_000, "[v]"], [100_000, "{ a: v }"], [10_000, "{ a: v }"], [513, "[v]"]] as const) {
      const started = Date.now();
      expect(await failure(deep(levels, open))).toBe(refusal);
      expect(Date.now() - started).toBeLessThan(2_000);
    }
    // Under a 1 s limit, which 100,000 levels ran past before (the step read "ran longer than its 1 s time limit").
    const limited = await executeCode(makeContext({ config: { code: deep(100_000, "{ a: v }"), timeoutMs: 1_000 } })).catch((e: StepError) => e.message);
    expect(limited).toBe(refusal);
    // Deep inside a wide value, and reached through toJSON, alike.
    expect(await failure("let v = 1; for (let i = 0; i < 600; i++) v = [v]; return { rows: [1, 2, { nested: v }] }")).toBe(refusal);
    expect(await failure("return { toJSON() { let v = 1; for (let i = 0; i < 600; i++) v = { a: v }; return v } }")).toBe(refusal);
    // 512 levels is what a delivery may hold: kept.
    const kept = (await run(deep(511, "[v]").replace("let v = 1", "let v = [1]"))).output;
    let levels = 0;
    for (let v: unknown = kept; Array.isArray(v); v = v[0]) levels++;
    expect(levels).toBe(512);
  });

  it("a function's methods on a class instance's prototype are not its data", async () => {
    expect((await run("class P { constructor() { this.x = 1 } get() { return 2 } } return new P()")).output).toEqual({ x: 1 });
  });
});
