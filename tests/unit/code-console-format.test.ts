// console.log in a Code step writes values as Node's util.inspect does for plain data, on one
// line: objects and arrays as `{ a: 1 }` / `[ 1, 2 ]`, a Map as `Map(1) { 1 => 2 }`, strings
// unquoted at the top level; circular, deep, long and hostile values stay safe and short.
import { describe, expect, it } from "vitest";
import { SANDBOX_INSPECT } from "@/lib/sandbox/sandbox-inspect";
import { executeCode } from "@/lib/steps/executors/code";
import { makeContext } from "@/tests/helpers/step-context";

// The formatter is JavaScript for the isolate; here it runs in Node on the same source.
const formatLog = new Function(`${SANDBOX_INSPECT}; return formatLog;`)() as (args: unknown[]) => string;
const f = (...args: unknown[]) => formatLog(args);

async function logs(code: string): Promise<string[]> {
  const ctx = makeContext({ config: { code } });
  await executeCode(ctx);
  return ctx.lines;
}

describe("console formatting", () => {
  it("stays short for Maps of objects that fan out (each entry costs, like an array item)", () => {
    // Four levels of 100 entries whose keys and values are objects: 10^8 lines unbounded.
    let next: unknown = {};
    for (let level = 0; level < 4; level++) {
      const m = new Map<object, unknown>();
      for (let i = 0; i < 100; i++) m.set({}, next);
      next = m;
    }
    const started = Date.now();
    const text = f(next);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(text.length).toBeLessThan(100_000);
    expect(text).toContain("…");
  });

  it("writes plain data like util.inspect, on one line", () => {
    expect(f({ a: 1, b: "x", "c d": [1, 2], e: null, u: undefined })).toBe("{ a: 1, b: 'x', 'c d': [ 1, 2 ], e: null, u: undefined }");
    expect(f(new Map([[1, 2]]))).toBe("Map(1) { 1 => 2 }");
    expect(f(new Set(["x"]), [], {})).toBe("Set(1) { 'x' } [] {}");
    expect(f("plain", "it's", 3, -0, 10n, true)).toBe("plain it's 3 -0 10n true");
    expect(f(["it's\n"])).toBe("[ 'it\\'s\\n' ]");
    expect(f(new Date(0), /x+/g, Symbol("s"))).toBe("1970-01-01T00:00:00.000Z /x+/g Symbol(s)");
    expect(f(function named() {}, () => 1, class K {})).toBe("[Function: named] [Function: (anonymous)] [class K]");
    class Device {
      id = 7;
    }
    expect(f(new Device(), Object.assign(Object.create(null), { a: 1 }))).toBe("Device { id: 7 } [Object: null prototype] { a: 1 }");
    expect(f({ err: new TypeError("bad") })).toBe("{ err: [TypeError: bad] }");
    expect(f(new Uint8Array([1, 2]), [1, , 3])).toBe("Uint8Array(2) [ 1, 2 ] [ 1, <1 empty item>, 3 ]");
  });

  it("is safe on circular, deep, long and hostile values", () => {
    const loop: Record<string, unknown> = { name: "a" };
    loop.self = loop;
    expect(f(loop)).toBe("{ name: 'a', self: [Circular] }");
    expect(f({ a: { b: { c: { d: { e: 1 } } } } })).toBe("{ a: { b: { c: { d: [Object] } } } }");
    expect(f(Array.from({ length: 102 }, (_, i) => i))).toMatch(/, 99, \.\.\. 2 more items \]$/);
    expect(f({ s: "x".repeat(50_000), t: "y".repeat(50_000) }).length).toBeLessThan(50_100);
    expect(f({ get g() { throw new Error("no"); } })).toBe("{ g: [Getter] }");
    const hostile = new Proxy({}, { ownKeys: () => { throw new Error("trap"); } });
    expect(f(hostile)).toBe("[value that cannot be shown: trap]");
  });

  it("takes printf-style placeholders like Node's console", () => {
    expect(f("%s has %d devices (%i%%) %o", "Ada", 3, 42.9, { a: 1 }, "extra")).toBe("Ada has 3 devices (42%) { a: 1 } extra");
    expect(f("%j", { a: [1] })).toBe('{"a":[1]}');
    expect(f("100%", 5)).toBe("100% 5");
  });

  it("is what the Code step's log shows", async () => {
    const lines = await logs("const o = { a: 1 }; o.me = o; console.log('hello', { a: 1 }, new Map([[1, 2]])); console.log(o); console.warn([1, 'x']); return 1");
    expect(lines).toEqual(["hello { a: 1 } Map(1) { 1 => 2 }", "{ a: 1, me: [Circular] }", "warn: [ 1, 'x' ]"]);
  });
});
