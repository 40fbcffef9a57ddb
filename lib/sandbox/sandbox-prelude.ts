// JavaScript evaluated inside each new context before the user's code (as the body of
// context.evalClosure, one round trip): builds `steps`, `vars`, `console` and `crypto` from
// the host callbacks and data passed as $0…$6; the callbacks stay private to this closure. Captured
// built-ins (stringify, parse) are closed over so user code that patches globals cannot make
// the output check lie about the size of what crosses back to the host.
import { SANDBOX_DESCRIBE_THROWN, THROWN_MARK } from "./sandbox-describe-thrown.ts";
import { SANDBOX_INSPECT } from "./sandbox-inspect.ts";

export const SANDBOX_PRELUDE = String.raw`
  const g = globalThis;
  const log = $0, random = $1, uuid = $2, maxOutput = $5, maxDepth = $6;
  const stringify = JSON.stringify, parse = JSON.parse;
  const ErrorCtor = Error, defineProperty = Object.defineProperty;
  const steps = parse($3), vars = parse($4);

  ${SANDBOX_INSPECT}
  ${SANDBOX_DESCRIBE_THROWN}
  const line = (prefix) => (...args) => { log(prefix + formatLog(args)); };
  g.console = Object.freeze({ log: line(""), info: line(""), debug: line(""), warn: line("warn: "), error: line("error: ") });

  const getRandomValues = (arr) => {
    if (!ArrayBuffer.isView(arr) || arr instanceof Float32Array || arr instanceof Float64Array || arr instanceof DataView) {
      throw new TypeError("crypto.getRandomValues expects an integer typed array");
    }
    if (arr.byteLength > 65536) throw new RangeError("crypto.getRandomValues: at most 65536 bytes at once");
    const hex = random(arr.byteLength);
    const bytes = new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.substr(i * 2, 2), 16);
    return arr;
  };
  g.crypto = Object.freeze({ randomUUID: () => uuid(), getRandomValues });
  g.steps = steps;
  // The isolate may serve later executions of the same workspace (warm-isolates.ts). There are
  // no timers; these two built-ins would let code schedule a callback for after its execution
  // has ended. (Such leftovers could only reach their own, released context; this is defence in depth.)
  delete g.FinalizationRegistry;
  if (typeof Atomics === "object") delete Atomics.waitAsync;
  g.vars = vars;
  // No WebAssembly: nothing a code step does needs it, its memory is not what isolated-vm's
  // limit counts, and its compilers are more of V8 for hostile code to probe.
  delete g.WebAssembly;

  // JSON.stringify quietly turns a function or symbol into nothing (null in a list, a missing
  // key, no output at all): a step that returned one would succeed with its data gone. This
  // replacer notes where the first one is, by holder: stringify visits depth-first, so the
  // holders above the current value are a stack. Index writes only: no method user code patched.
  // (undefined is let through: no return is a null output, and a key set to undefined is left
  // out, as JSON does and the README says.)
  // The same stack of holders bounds the nesting to what a delivery may hold (MAX_JSON_DEPTH): a
  // value nested deeper ends the serialisation there, at once — 100,000 levels took stringify
  // seconds to give up with "Maximum call stack size exceeded", and 10,000 crossed to the worker.
  const identifier = /^[A-Za-z_$][\w$]*$/;
  const TOO_DEEP = {};
  const refuseNonData = (onFound) => {
    const holders = [], paths = [];
    let depth = 0;
    return function (key, value) {
      if (depth === 0) { holders[0] = this; paths[0] = ""; depth = 1; }
      while (depth > 1 && holders[depth - 1] !== this) depth--;
      const parent = paths[depth - 1];
      const path = key === "" && depth === 1 ? "" : Array.isArray(this) ? parent + "[" + key + "]" : identifier.test(key) ? (parent ? parent + "." : "") + key : parent + "[" + stringify(key) + "]";
      const kind = typeof value;
      if (kind === "function" || kind === "symbol") { onFound({ kind, path }); return undefined; }
      if (value !== null && kind === "object") {
        if (depth > maxDepth) throw TOO_DEEP;
        holders[depth] = value; paths[depth] = path; depth++;
      }
      return value;
    };
  };
  const nonDataMessage = ({ kind, path }) =>
    "the code returned a " + kind + (path ? " at " + path : "") + ", not a value: a step's output is JSON data — " +
    (kind === "function" ? "call the function and return what it gives, or leave it out" : "return a text instead (its description), or leave it out");

  Object.defineProperty(g, "__run", {
    value: async (fn) => {
      let result;
      try {
        result = await fn.call(undefined, steps, vars);
      } catch (e) {
        // A plain Error with only text and the frames on it: all isolated-vm copies (describeThrown).
        const { text, stack } = describeThrown(e);
        const described = new ErrorCtor(${JSON.stringify(THROWN_MARK)} + text);
        defineProperty(described, "stack", { value: stack });
        throw described;
      }
      let json, bad;
      try { json = stringify(result, refuseNonData((found) => (bad ||= found))); } catch (e) {
        if (e === TOO_DEEP) throw new ErrorCtor("the return value is nested more than " + maxDepth + " levels deep (lists and objects inside one another); return a flatter value");
        throw new TypeError("the return value is not JSON-serialisable: " + (e && e.message));
      }
      if (bad) throw new Error(nonDataMessage(bad));
      if (typeof json !== "string") return undefined;
      // UTF-16 length is a lower bound of the UTF-8 size: refuse early, before any copy.
      if (json.length > maxOutput) throw new Error("__OUTPUT_TOO_LARGE__:" + json.length);
      return json;
    },
  });
`;
