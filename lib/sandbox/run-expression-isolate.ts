// Evaluates one JSONata expression inside a V8 isolate of the sandbox child. Used for the
// expressions that hold a regular expression literal (lib/steps/evaluate-expression.ts says
// why): a regex runs natively, out of reach of JSONata's own time limit, and a backtracking
// one can run for minutes. Here it runs on the isolate's thread, and the host ends it by
// disposing the isolate when the time limit passes.
//
// The JSONata library is loaded once per isolate; isolates are kept per isolation key (the
// workspace) and reused. No user JavaScript runs in them, only JSONata, which cannot reach the
// isolate's globals, so a shared context between one workspace's expressions exposes nothing.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import ivm from "isolated-vm";
import { LIST_FUNCTIONS_SOURCE } from "../steps/jsonata-list-functions.ts";
import { TEXT_FUNCTIONS_SOURCE } from "../steps/jsonata-text-functions.ts";
import { EXPRESSION_LIMITS } from "./expression-limits.ts";
import { JSONATA_ISOLATE_ENV } from "./jsonata-isolate-env.ts";
import { SandboxError, type ExpressionJob } from "./sandbox-types.ts";
import { WarmIsolates } from "./warm-isolates.ts";

type Evaluate = ivm.Reference<(source: string, input: string, bindings: string) => Promise<string>>;

// Runs after the library, with $0 = EXPRESSION_LIMITS, $1 = the source of the $max, $min and
// $sort that long lists need (lib/steps/jsonata-list-functions.ts) and $2 = that of the bounded
// $length, $substring, $pad … (jsonata-text-functions.ts); the worker's path uses the same. Returns JSON text: {value} or {error} (JSONata's
// errors are plain objects with code, position and message).
const BOOTSTRAP = String.raw`
  const limits = $0;
  const registerListFunctions = (0, eval)($1);
  const registerTextFunctions = (0, eval)($2);
  const cache = new Map();
  const stringify = JSON.stringify, parse = JSON.parse;
  const noEval = () => { throw new Error("$eval is not available in step expressions"); };
  return async (source, inputJson, bindingsJson) => {
    try {
      let expr = cache.get(source);
      if (!expr) {
        if (cache.size > 500) cache.clear();
        expr = jsonata(source, limits);
        registerListFunctions(expr);
        registerTextFunctions(expr);
        cache.set(source, expr);
      }
      const bindings = parse(bindingsJson);
      bindings.eval = noEval;
      const value = await expr.evaluate(parse(inputJson), bindings);
      const json = stringify(value, (_k, v) => (typeof v === "function" ? undefined : v));
      return stringify({ value: json === undefined ? null : parse(json) });
    } catch (e) {
      const err = e || {};
      return stringify({ error: { message: String(err.message || e), code: err.code, position: err.position } });
    }
  };
`;

let library: string | undefined;
const jsonataLibrary = () => (library ??= readFileSync(createRequire(import.meta.url).resolve("jsonata/jsonata.min.js"), "utf8"));

// The library is loaded once per isolate, which then serves many expressions. No user code runs
// in it, so a workspace-less job shares one key rather than paying the load each time.
const isolates = new WarmIsolates<Evaluate>({
  maxUses: 10_000,
  prepare: (isolate) => {
    const context = isolate.createContextSync();
    context.evalSync(JSONATA_ISOLATE_ENV, { filename: "file:///jsonata-env.js" });
    context.evalSync(jsonataLibrary(), { filename: "file:///jsonata.js" });
    return context.evalClosureSync(BOOTSTRAP, [EXPRESSION_LIMITS, LIST_FUNCTIONS_SOURCE, TEXT_FUNCTIONS_SOURCE], { arguments: { copy: true }, result: { reference: true } });
  },
});

/** `json`: {value} or {error} as JSON text. */
export async function runExpressionIsolate(job: ExpressionJob, signal?: AbortSignal): Promise<{ json: string; durationMs: number }> {
  const started = Date.now();
  const warm = isolates.acquire(job.isolationKey || "(none)", job.memoryMb);
  let killedBy: "timeout" | "aborted" | undefined;
  const kill = (why: "timeout" | "aborted") => {
    killedBy ??= why;
    if (!warm.isolate.isDisposed) warm.isolate.dispose();
  };
  const timer = setTimeout(() => kill("timeout"), job.timeoutMs);
  const onAbort = () => kill("aborted");
  signal?.addEventListener("abort", onAbort, { once: true });
  if (signal?.aborted) kill("aborted");
  try {
    const json = await warm.prepared.apply(undefined, [job.source, job.inputJson, job.bindingsJson], {
      timeout: job.timeoutMs,
      arguments: { copy: true },
      result: { promise: true, copy: true },
    });
    if (json.length > job.maxOutputBytes) throw new SandboxError("output_too_large", `the expression's value is larger than ${Math.round(job.maxOutputBytes / 1024)} KB as JSON`);
    return { json, durationMs: Date.now() - started };
  } catch (e) {
    if (e instanceof SandboxError) throw e;
    const msg = String((e as Error)?.message ?? e);
    if (killedBy === "aborted") throw new SandboxError("aborted", "the step was cancelled");
    if (killedBy === "timeout" || /Script execution timed out/.test(msg)) {
      kill("timeout");
      throw new SandboxError("timeout", `the expression ran longer than its ${job.timeoutMs / 1000} s time limit`);
    }
    if (/memory limit/i.test(msg) || warm.isolate.isDisposed) throw new SandboxError("memory", `the expression used more than its ${job.memoryMb} MB memory limit`);
    throw new SandboxError("error", msg);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
    isolates.release(warm, killedBy === undefined);
  }
}
