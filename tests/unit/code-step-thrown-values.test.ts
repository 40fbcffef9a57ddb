// What a Code step threw is the reason a technician reads on the run. Reading it could fail or
// mislead: an Error whose message getter throws gave an empty reason ("code step failed:  (line
// 1)"), a Proxy named isolated-vm's internals or its own trap's message as if the code had thrown
// that, an object whose toString and toJSON throw gave its toString's message, and a huge message
// crossed to the worker whole. Every one now reads as what was thrown, and never past a cap.
import { describe, expect, it } from "vitest";
import { executeCode } from "@/lib/steps/executors/code";
import { StepError } from "@/lib/steps/executors/types";
import { makeContext } from "@/tests/helpers/step-context";

async function reason(code: string): Promise<string> {
  const e = await executeCode(makeContext({ config: { code } })).then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(StepError);
  expect((e as StepError).retryable).toBe(false);
  return (e as StepError).message;
}

const unreadable = (what: string) => `const e = new ${what}('hidden'); Object.defineProperty(e, 'message', { get() { throw new Error('boom') } });`;

describe("a Code step's thrown value, described", () => {
  it("an Error whose message getter throws says so, with the line", async () => {
    expect(await reason(`const ticket = 7;\n${unreadable("Error")} throw e`)).toBe(
      "code step failed: the code threw an Error whose message could not be read (its message getter threw: boom) (line 2)",
    );
    expect(await reason(`${unreadable("TypeError")} throw e`)).toBe(
      "code step failed: the code threw a TypeError whose message could not be read (its message getter threw: boom) (line 1)",
    );
    // What the getter threw is itself described, whatever it is.
    expect(await reason("const e = new Error('x'); Object.defineProperty(e, 'message', { get() { throw Symbol('why') } }); throw e")).toMatch(
      /^code step failed: the code threw an Error whose message could not be read \(its message getter threw: Symbol\(why\)\)/,
    );
    // After an await too (the rejection goes the same way).
    expect(await reason(`await null; ${unreadable("Error")} throw e`)).toMatch(/^code step failed: the code threw an Error whose message could not be read/);
  });

  it("an Error with no message says it has none", async () => {
    expect(await reason("throw new Error()")).toBe("code step failed: the code threw an Error with no message (line 1)");
    expect(await reason("const x = 1;\nthrow new RangeError('')")).toBe("code step failed: the code threw a RangeError with no message (line 2)");
  });

  it("keeps the usual text for an ordinary Error", async () => {
    expect(await reason("const a = 1;\nthrow new TypeError('nope')")).toBe("code step failed: TypeError: nope (line 2)");
    expect(await reason("class TicketError extends Error { constructor(m) { super(m); this.name = 'TicketError' } }\nthrow new TicketError('no ticket 7')")).toBe(
      "code step failed: TicketError: no ticket 7 (line 2)",
    );
    // An Error's message that a user happens to word like an engine limit is still theirs.
    expect(await reason("throw new Error('PSA answered: memory limit reached')")).toBe("code step failed: PSA answered: memory limit reached (line 1)");
  });

  it("a Proxy is described by what reading it does, not by isolated-vm's internals or its trap's message", async () => {
    const wrapped = await reason("throw new Proxy(new Error('inner'), { get(t, k) { throw new Error('trap ' + String(k)) } })");
    expect(wrapped).toMatch(/^code step failed: the code threw an Error whose message could not be read \(its message getter threw: trap message\)/);
    expect(wrapped).not.toMatch(/isolated-vm/);
    const hostile = await reason("throw new Proxy({}, { getPrototypeOf() { throw new Error('proto') }, get() { throw new Error('get') }, ownKeys() { throw new Error('keys') } })");
    expect(hostile).toBe("code step failed: the code threw a value that could not be described (reading it threw: proto)");
    const revoked = await reason("const p = Proxy.revocable({}, {}); p.revoke(); throw p.proxy");
    expect(revoked).toBe("code step failed: the code threw a value that could not be described (reading it threw: TypeError: Cannot perform 'getPrototypeOf' on a proxy that has been revoked)");
  });

  it("an object whose toString and toJSON throw is shown as console.log shows it", async () => {
    expect(await reason("throw { code: 7, toString() { throw new Error('ts') }, toJSON() { throw new Error('tj') } }")).toBe(
      "code step failed: the code threw { code: 7, toString: [Function: toString], toJSON: [Function: toJSON] }",
    );
    const circular = await reason("const a = { id: 1 }; a.self = a; throw a");
    expect(circular).toBe("code step failed: the code threw { id: 1, self: [Circular] }");
  });

  it("symbols, BigInts and other primitives read as themselves", async () => {
    expect(await reason("throw Symbol('no ticket')")).toBe("code step failed: the code threw Symbol(no ticket)");
    expect(await reason("throw 10n")).toBe("code step failed: the code threw 10n");
    expect(await reason("throw undefined")).toBe("code step failed: the code threw undefined");
    expect(await reason("throw 'not found'")).toBe("code step failed: the code threw not found");
    expect(await reason("throw { code: 42 }")).toBe('code step failed: the code threw {"code":42}');
    // An Error whose message is not a text: the message described like a thrown value.
    expect(await reason("const e = new Error(); e.message = Symbol('m'); throw e")).toBe("code step failed: Symbol(m) (line 1)");
  });

  it("a huge message is cut, saying how long it was", async () => {
    const cut = "… (5,000,000 characters; the first 1,800 shown)";
    expect(await reason("throw new Error('x'.repeat(5e6))")).toBe(`code step failed: ${"x".repeat(1800)}${cut} (line 1)`);
    expect(await reason("throw 'y'.repeat(5e6)")).toBe(`code step failed: the code threw ${"y".repeat(1800)}${cut}`);
    const big = await reason("throw { notes: 'z'.repeat(20e6) }");
    expect(big).toMatch(/^code step failed: the code threw \{ notes: 'z{1790,}… \(20,000,0\d\d characters; the first 1,800 shown\)$/);
    // Nested without end: quick, and still a description.
    const started = Date.now();
    expect(await reason("let v = null; for (let i = 0; i < 100000; i++) v = [v]; throw v")).toBe("code step failed: the code threw [ [ [ [ [Array] ] ] ] ]");
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("the sandbox serves the workspace's next Code step as usual", async () => {
    await reason(`${unreadable("Error")} throw e`);
    expect((await executeCode(makeContext({ config: { code: "return 1 + 1" } }))).output).toBe(2);
  });
});
