// Expressions of the transform and summarize steps: JSONata (no JavaScript eval) over
// references. Each `{{ … }}` is bound as a variable ($r0, $r1, …) holding the resolved value,
// never pasted in as text, so data cannot change the expression and
// `{{ 2.active }} - {{ 3.billed }}` is arithmetic on two numbers. A reference written inside a
// string literal is joined in with JSONata's `&` (objects as JSON).
//
// JSONata checks its time limit only between its own evaluation steps, and runs a regular
// expression literal ($contains, $match, $replace, $split) with the native RegExp: a pattern
// that backtracks on a crafted text would hold this process (every run of the worker) for
// minutes. An expression holding a regex is therefore evaluated in the sandbox child
// (lib/sandbox/evaluate-in-sandbox.ts), where the time limit ends it; the others, by far the
// most, stay here, where they cost microseconds instead of a round trip.
import jsonata from "jsonata";
import { formatMegabytes } from "@/lib/format-bytes";
import { countJsonBytes } from "@/lib/json/count-json-bytes";
import { evaluateInSandbox } from "@/lib/sandbox/evaluate-in-sandbox";
import { EXPRESSION_LIMITS } from "@/lib/sandbox/expression-limits";
import { SandboxError } from "@/lib/sandbox/sandbox-types";
import { StepError } from "@/lib/steps/executors/types";
import { registerListFunctions } from "@/lib/steps/jsonata-list-functions";
import { registerTextFunctions } from "@/lib/steps/jsonata-text-functions";
import { compileTemplate } from "@/lib/steps/compile-template";

// Arithmetic on text is the commonest expression failure: APIs send numbers as strings
// ("quantity": "10"), and JSONata does not convert them.
const NUMBER_EXPECTED = new Set(["T2001", "T2002", "D1002", "T0412"]);
const NUMBER_HINT = ": a value here is probably text; convert it with $number(…), e.g. $number({{ 2.quantity }})";

/** The JSONata error text with its position, or the message of anything else. */
export function describeExpressionError(e: unknown): string {
  const err = e as { code?: string; position?: number; message?: string };
  const where = typeof err.position === "number" ? ` (at character ${err.position})` : "";
  const hint = err.code && NUMBER_EXPECTED.has(err.code) && /number|numeric/i.test(err.message ?? "") ? NUMBER_HINT : "";
  return `${err.message ?? String(e)}${hint}${err.code ? ` [${err.code}]` : ""}${where}`;
}

type Compiled = { expr: jsonata.Expression; hasRegex: boolean };

const cache = new Map<string, Compiled>();

const noEval = () => {
  throw new Error("$eval is not available in step expressions");
};

function holdsRegex(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(holdsRegex);
  if (node === null || typeof node !== "object" || node instanceof RegExp) return false;
  if ((node as { type?: unknown }).type === "regex") return true;
  return Object.values(node).some(holdsRegex);
}

function compile(source: string): Compiled {
  let compiled = cache.get(source);
  if (!compiled) {
    const expr = jsonata(source, EXPRESSION_LIMITS);
    registerListFunctions(expr);
    registerTextFunctions(expr);
    compiled = { expr, hasRegex: holdsRegex(expr.ast()) };
    if (cache.size > 5_000) cache.clear();
    cache.set(source, compiled);
  }
  return compiled;
}

// An earlier Transform field, or a Summarize row's column, is bound as $name — but one named like
// a JSONata function (count, sum, string, length …) would replace that function for the
// expression, and `$sum(…) / $count(…)` failed with "Attempted to invoke a non-function". Such a
// name keeps its function; the value stays readable another way (a row's column by its path).
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const builtins = new Map<string, Promise<boolean>>();

function isJsonataFunction(name: string): Promise<boolean> {
  let known = builtins.get(name);
  if (!known) {
    // Asked of the JSONata installed, so its own list of functions is the one that counts: with
    // nothing bound, `$name` has a value only when it is one of them.
    known = IDENTIFIER.test(name) ? jsonata(`$${name}`).evaluate({}).then((v) => v !== undefined, () => false) : Promise.resolve(false);
    if (builtins.size > 5_000) builtins.clear(); // row columns come from data
    builtins.set(name, known);
  }
  return known;
}

async function withoutFunctionNames(extra: Record<string, unknown> | undefined): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  // Defined, not assigned: a field named `__proto__` is a value like any other ($__proto__).
  for (const [name, value] of Object.entries(extra ?? {})) {
    if (!(await isJsonataFunction(name))) Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * Evaluates a JSONata expression. `resolveRef` turns one `{{ … }}` text into its value
 * (undefined = missing, which JSONata treats as "no value"). `input` is the context (`$`),
 * `extra` are further variables (names without `$`; one named like a JSONata function is left out). `isolationKey` (the workspace) and
 * `signal` apply when the expression goes to the sandbox.
 */
export async function evaluateExpression(
  expression: string,
  opts: { resolveRef: (ref: string) => unknown; input?: unknown; extra?: Record<string, unknown>; isolationKey?: string; signal?: AbortSignal },
): Promise<unknown> {
  const { source, refs } = compileTemplate(expression);
  const { expr, hasRegex } = compile(source);
  // $eval would turn text (possibly from a payload) into an expression: not offered.
  const bindings: Record<string, unknown> = { ...(await withoutFunctionNames(opts.extra)), eval: noEval };
  refs.forEach((ref, i) => (bindings[`r${i}`] = opts.resolveRef(ref)));
  const value = hasRegex ? await evaluateWithRegex(source, opts.input ?? {}, bindings, opts) : await expr.evaluate(opts.input ?? {}, bindings);
  // Sized before anything walks it whole (the sandbox path's value is JSON already, sized there).
  if (!hasRegex) assertValueSize(value);
  assertNoFunction(value);
  return hasRegex ? value : toJson(value);
}

const isFunction = (v: unknown) =>
  typeof v === "function" ||
  (v !== null && typeof v === "object" && ((v as { _jsonata_function?: unknown })._jsonata_function === true || (v as { _jsonata_lambda?: unknown })._jsonata_lambda === true));

/** Where the value holds a function ("" for the value itself), or null. */
function functionAt(value: unknown, at: string): string | null {
  if (isFunction(value)) return at;
  if (Array.isArray(value)) {
    // Elements only: a JSONata sequence carries its own `push` function and flags.
    for (let i = 0; i < value.length; i++) {
      const found = functionAt(value[i], `${at}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value === null || typeof value !== "object") return null;
  for (const [k, v] of Object.entries(value)) {
    const found = functionAt(v, at ? `${at}.${k}` : k);
    if (found !== null) return found;
  }
  return null;
}

// `$count` without its arguments is JSONata's function itself: stored, it read
// {"_jsonata_function":true,…} (a lambda, `function($x){…}`, could not be stored at all). A value
// is what the field is for, so the step says what was meant instead.
function assertNoFunction(value: unknown): void {
  const at = functionAt(value, "");
  if (at === null) return;
  const where = at === "" ? "the expression gives" : `the expression's result holds at ${at}`;
  throw new Error(`${where} a function, not a value: call it with its arguments, e.g. $count({{ 1.rows }}) rather than $count`);
}

async function evaluateWithRegex(source: string, input: unknown, bindings: Record<string, unknown>, opts: { isolationKey?: string; signal?: AbortSignal }) {
  try {
    return await evaluateInSandbox({ source, input, bindings, timeoutMs: EXPRESSION_LIMITS.timeout, isolationKey: opts.isolationKey, signal: opts.signal });
  } catch (e) {
    if (!(e instanceof SandboxError)) throw e;
    if (e.reason === "aborted") throw new StepError("the step was cancelled", { retryable: true });
    if (e.reason === "timeout") {
      // Its regular expression is the likely cause, not the only one: a filter over a long list
      // ($sort(…)[[0..2]] on 200,000 values) runs out the same clock.
      throw new Error(`the expression ran longer than its ${EXPRESSION_LIMITS.timeout / 1000} s time limit: simplify it (a regular expression that backtracks on this text, or work over a long list, takes that long)`);
    }
    throw new Error(e.message);
  }
}

/** The most an expression's value may be as JSON: as much as a whole step's output
 *  (lib/runs/execute-step.ts), and what the sandbox path gives back at most (evaluate-in-sandbox.ts). */
const MAX_VALUE_BYTES = 16 * 1024 * 1024;

/** Refuses a value whose texts alone are over MAX_VALUE_BYTES before it is written as JSON:
 *  `[1..30].$pad("", 16000000)` holds 480 million characters that cost nothing until then, and
 *  one object held twice at each of 40 levels ($reduce) is 2^40 objects to write. */
function assertValueSize(value: unknown): void {
  // A function in it is refused next (assertNoFunction), saying so: not counted (its closure is not data).
  const atLeast = countJsonBytes(value, MAX_VALUE_BYTES, isFunction);
  if (atLeast <= MAX_VALUE_BYTES) return;
  throw new Error(`the expression's value is at least ${formatMegabytes(atLeast, Math.floor)} as JSON; a step's output may be at most ${formatMegabytes(MAX_VALUE_BYTES)} (return a summary, or what a later step needs)`);
}

/** JSONata results may be sequences (arrays with extra flags) or hold functions; keep plain JSON. */
function toJson(value: unknown): unknown {
  if (value === undefined || typeof value === "function") return null;
  return JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === "function" ? undefined : v)) ?? "null");
}
