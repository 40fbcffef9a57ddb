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

  it("a function's methods on a class instance's prototype are not its data", async () => {
    expect((await run("class P { constructor() { this.x = 1 } get() { return 2 } } return new P()")).output).toEqual({ x: 1 });
  });
});
