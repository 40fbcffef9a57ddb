import { describe, expect, it } from "vitest";
import { executeCode } from "@/lib/steps/executors/code";
import { StepError } from "@/lib/steps/executors/types";
import { makeContext } from "@/tests/helpers/step-context";

const run = (code: string, extra: { timeoutMs?: number; outputs?: Record<number, unknown>; vars?: Record<string, string | null>; signal?: AbortSignal } = {}) => {
  const ctx = makeContext({ config: { code, timeoutMs: extra.timeoutMs }, outputs: extra.outputs, vars: extra.vars, signal: extra.signal });
  return { ctx, result: executeCode(ctx) };
};

async function failure(code: string, timeoutMs?: number): Promise<StepError> {
  const { result } = run(code, { timeoutMs });
  const e = await result.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(StepError);
  return e as StepError;
}

describe("code step", () => {
  it("returns the value, reads steps and vars", async () => {
    const { result } = run("return { name: steps[1].first + ' ' + steps[2].last, region: vars.REGION, n: steps[2].items.length }", {
      outputs: { 1: { first: "Ada" }, 2: { last: "Lovelace", items: [1, 2, 3] } },
      vars: { REGION: "eu" },
    });
    expect((await result).output).toEqual({ name: "Ada Lovelace", region: "eu", n: 3 });
  });

  it("may await and gets copies, not the engine's objects", async () => {
    const outputs = { 1: { list: [1] } };
    const { result } = run("await null; steps[1].list.push(2); const v = await Promise.resolve(steps[1].list); return v", { outputs });
    expect((await result).output).toEqual([1, 2]);
    expect(outputs[1].list).toEqual([1]);
  });

  it("keeps console.log lines", async () => {
    const { ctx, result } = run("console.log('hello', { a: 1 }, 2); console.error('bad'); return 1");
    await result;
    expect(ctx.lines).toEqual(["hello { a: 1 } 2", "error: bad"]);
  });

  it("offers crypto.randomUUID and getRandomValues", async () => {
    const { result } = run("const b = crypto.getRandomValues(new Uint8Array(16)); return { id: crypto.randomUUID(), len: b.length, nonZero: b.some((x) => x !== 0) }");
    const out = (await result).output as { id: string; len: number; nonZero: boolean };
    expect(out.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(out.len).toBe(16);
    expect(out.nonZero).toBe(true);
  });

  it("does not resolve {{ }} inside code", async () => {
    const { result } = run("return '{{ 1.secret }}'", { outputs: { 1: { secret: "x" } } });
    expect((await result).output).toBe("{{ 1.secret }}");
  });

  it("no return value is null output", async () => {
    expect((await run("const x = 1").result).output).toBeNull();
  });

  it("a thrown error fails the step with its message and line", async () => {
    const e = await failure("const a = 1;\nthrow new TypeError('nope')");
    expect(e.message).toBe("code step failed: TypeError: nope (line 2)");
    expect(e.retryable).toBe(false);
  });

  it("a syntax error names the user's line once", async () => {
    const e = await failure("const a = 1;\nconst b = 2;\nconst c = ;");
    expect(e.message).toBe("code step failed: SyntaxError: Unexpected token ';' (line 3)");
  });

  it("a non-serialisable return value fails clearly", async () => {
    const e = await failure("const a = {}; a.self = a; return a");
    expect(e.message).toMatch(/not JSON-serialisable/);
  });
});

describe("code step sandbox escapes", () => {
  it("this.constructor.constructor('return process')() finds no process", async () => {
    const e = await failure("return this.constructor.constructor('return process')().env");
    expect(e.message).toMatch(/ReferenceError: process is not defined/);
  });

  it("require is not defined", async () => {
    expect((await failure("const fs = require('fs'); return fs.readFileSync('/etc/passwd', 'utf8')")).message).toMatch(/require is not defined/);
  });

  it("process.env is not reachable", async () => {
    expect((await failure("return process.env")).message).toMatch(/process is not defined/);
  });

  it("no fetch, no import", async () => {
    expect((await failure("return await fetch('http://example.com')")).message).toMatch(/fetch is not defined/);
    expect((await failure("return await import('fs')")).message).toMatch(/import\(\) is not available/);
  });

  it("a thrown non-Error is reported", async () => {
    expect((await failure("throw { code: 42 }")).message).toBe('code step failed: the code threw {"code":42}');
  });

  it("while(true){} hits the timeout", async () => {
    const e = await failure("while (true) {}", 300);
    expect(e.message).toBe("code step failed: the code ran longer than its 0.3 s time limit");
  });

  it("an infinite loop after await also hits the timeout", async () => {
    expect((await failure("await null; for (;;) {}", 300)).message).toMatch(/time limit/);
  });

  it("a promise that never settles hits the timeout", async () => {
    expect((await failure("await new Promise(() => {})", 300)).message).toMatch(/time limit/);
  });

  it("a memory bomb hits the memory limit", async () => {
    const e = await failure("const a = []; for (;;) a.push(new Array(1e6).fill(Math.random()))", 20_000);
    expect(e.message).toBe("code step failed: the code used more than its 128 MB memory limit");
  }, 30_000);

  it("a bomb that makes V8 abort its process (Map growth) fails the step, not this process", async () => {
    const e = await failure("const m = new Map(); let i = 0; for (;;) m.set(i++, { i })", 20_000);
    expect(e.message).toBe("code step failed: the code used more than its 128 MB memory limit");
    expect((await run("return 'still here'").result).output).toBe("still here");
  }, 30_000);

  it("array-buffer and string bombs fail cleanly", async () => {
    expect((await failure("const a = []; for (;;) a.push(new ArrayBuffer(64 * 1024 * 1024))")).message).toMatch(/RangeError: Array buffer allocation failed/);
    expect((await failure("let s = 'x'; for (;;) s += s")).message).toMatch(/RangeError: Invalid string length/);
  });

  it("a 50 MB return value is refused", async () => {
    const e = await failure("return 'x'.repeat(50 * 1024 * 1024)", 20_000);
    expect(e.message).toBe("code step failed: the return value is 50 MB or more as JSON; the limit is 1 MB");
  }, 30_000);

  it("a 2 MB return value is refused as output too large", async () => {
    const e = await failure("return 'x'.repeat(2 * 1024 * 1024)");
    expect(e.message).toMatch(/the return value is 2 MB or more as JSON; the limit is 1 MB/);
  });

  it("multi-byte output is measured in UTF-8 bytes", async () => {
    // 1,228,802 bytes: never "1 MB as JSON; the limit is 1 MB", which reads as within it.
    const e = await failure("return 'é'.repeat(600 * 1024)");
    expect(e.message).toBe("code step failed: the return value is 1.2 MB as JSON; the limit is 1 MB");
    // Just over the limit reads as over it.
    const over = await failure("return 'é'.repeat(512 * 1024)");
    expect(over.message).toBe("code step failed: the return value is 1.1 MB as JSON; the limit is 1 MB");
  });

  it("the process is still fine afterwards", async () => {
    expect((await run("return 40 + 2").result).output).toBe(42);
  });

  it("an aborted signal cancels the step as retryable", async () => {
    const ac = new AbortController();
    const { result } = run("for (;;) {}", { timeoutMs: 10_000, signal: ac.signal });
    setImmediate(() => ac.abort());
    const e = (await result.catch((x: unknown) => x)) as StepError;
    expect(e.message).toBe("code step failed: the code step was cancelled");
    expect(e.retryable).toBe(true);
  });

  // Executions of one workspace may run in the same warm isolate, each in a new context.
  it("one execution leaves nothing behind for the next of its workspace", async () => {
    const dirty = "globalThis.leftover = steps[1]; Object.prototype.polluted = 'yes'; Array.prototype.push = () => -1; JSON.stringify = () => 'x'; return 1";
    const check = "return [typeof leftover, ({}).polluted ?? null, [1].push(2), JSON.stringify({ a: 1 })]";
    for (let i = 0; i < 5; i++) {
      await run(dirty, { outputs: { 1: { secret: i } } }).result;
      expect((await run(check).result).output).toEqual(["undefined", null, 2, '{"a":1}']);
    }
  });

  it("offers no way to schedule work for after the execution", async () => {
    const { result } = run("return [typeof FinalizationRegistry, typeof Atomics.waitAsync, typeof setTimeout]");
    expect((await result).output).toEqual(["undefined", "undefined", "undefined"]);
  });

  it("an execution after a timeout in the same workspace runs normally", async () => {
    expect((await failure("for (;;) {}", 200)).message).toMatch(/time limit/);
    expect((await run("return typeof leftover + ':' + 6 * 7").result).output).toBe("undefined:42");
  });
});
