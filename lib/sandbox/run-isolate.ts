// Runs an untrusted JavaScript function body in a new context of a V8 isolate (isolated-vm).
// Node's `vm` is not a security boundary; a separate isolate is: it has its own heap (with a
// memory limit), no Node APIs, and only the few host callbacks we hand it (log lines, random
// bytes). The isolate may be a warm one of the same workspace (warm-isolates.ts says when).
// Called inside a sandbox child process (sandbox-child.ts), never in the worker itself: V8
// can still abort the whole process on some out-of-memory paths, and that must not be the worker.
import { randomBytes, randomUUID } from "node:crypto";
import ivm from "isolated-vm";
import { formatMegabytes } from "../format-bytes.ts";
import { MAX_JSON_DEPTH } from "../json/max-json-depth.ts";
import { RESIDENT_ALLOWANCE, watchMemory } from "./memory-watch.ts";
import { THROWN_MARK } from "./sandbox-describe-thrown.ts";
import { SANDBOX_PRELUDE } from "./sandbox-prelude.ts";
import { SandboxError, type CodeJob } from "./sandbox-types.ts";
import type { WarmIsolates } from "./warm-isolates.ts";

export type RunIsolateOptions = CodeJob & {
  log?: (line: string) => void;
  signal?: AbortSignal;
  /** Where to take a warm isolate for `isolationKey` from and return it to; without it, a new isolate each time. */
  isolates?: WarmIsolates;
};

/** `json` is the return value as JSON text (null when the code returned nothing). */
export type IsolateResult = { json: string | null; durationMs: number };

const MAX_LOG_LINES = 1_000;
// With its "…": the engine keeps log lines of up to this many characters (execute-step.ts), and
// a cut it made again would drop the "…" that shows the cut (and that masking looks for).
const MAX_LOG_LINE_CHARS = 10_000;
// An execution whose child grew by more than this share of the memory limit leaves its isolate
// to be disposed, not kept warm: what it grew may be memory that only disposing frees (a
// resizable ArrayBuffer's is not in the heap statistics warm-isolates.ts looks at).
const RETIRE_GROWTH_SHARE = 0.25;
// The body is wrapped in one line of prelude; report user line numbers, not ours.
const WRAP_PREFIX = "(async function (steps, vars) {\n";

/** The user's line of a location in the wrapped body (one line of prelude above it). */
const userLine = (stack: string | undefined): number | null => {
  const m = stack?.match(/step\.js:(\d+):(\d+)/);
  return m ? Number(m[1]) - 1 : null;
};

function userLocation(stack: string | undefined): string {
  const line = userLine(stack);
  return line !== null && line >= 1 ? ` (line ${line})` : "";
}

/**
 * A syntax error the parser only noticed in our wrapper's closing `})` (the body ended inside an
 * open `{`, `(` or string, or a stray `}` closed the wrapper early) would name our token and a
 * line past the user's code. Parse the body again with nothing after it, to say what is wrong
 * with the user's code instead: null when the error lies within it.
 */
function syntaxErrorAtEnd(isolate: ivm.Isolate, code: string, where: string): string | null {
  const lines = code.split("\n").length;
  const line = userLine(where);
  if (line === null || line <= lines) return null;
  try {
    isolate.compileScriptSync(`async function __check(steps, vars) {\n${code}\n`, { filename: "file:///check.js" }).release();
    return "Unexpected token '}': it closes the code before its end (a { is missing, or a } is one too many)";
  } catch (e) {
    const msg = String((e as Error)?.message ?? e).replace(/ ?\[file:\/\/\/check\.js:\d+:\d+\]$/, "");
    const at = /check\.js:(\d+)/.exec(`${(e as Error)?.stack ?? ""}\n${(e as Error)?.message ?? ""}`);
    return `${msg} (line ${Math.min(lines, at ? Math.max(1, Number(at[1]) - 1) : lines)})`;
  }
}

/** A size to one decimal of a MB (whole KB below one): rounded up for a size measured over the
 *  limit, down for a lower bound ("… or more"), so an output over the limit never reads as the
 *  limit itself ("1 MB as JSON; the limit is 1 MB" was 1.2 MB). */
const sizeLabel = (bytes: number, round: (n: number) => number = Math.round) => {
  if (bytes < 1024 * 1024) return `${round(bytes / 1024)} KB`;
  return formatMegabytes(bytes, round);
};
/** The refusal of an output of `bytes` (`atLeast`: a lower bound of its size) against `limit`. */
function tooLarge(bytes: number, limit: number, atLeast: boolean): string {
  const label = sizeLabel(bytes, atLeast ? Math.floor : Math.ceil);
  const size = atLeast && label === sizeLabel(limit) ? `more than ${label}` : atLeast ? `${label} or more` : label;
  return `the return value is ${size} as JSON; the limit is ${sizeLabel(limit)}`;
}

export async function runIsolate(opts: RunIsolateOptions): Promise<IsolateResult> {
  const { memoryMb, maxOutputBytes, stepsJson, varsJson } = opts;
  const lease = opts.isolates?.acquire(opts.isolationKey, memoryMb);
  const isolate = lease?.isolate ?? new ivm.Isolate({ memoryLimit: memoryMb });
  let context: ivm.Context | undefined;
  let script: ivm.Script | undefined;
  // Whether the code ran to its end (a value, or an error it threw): only then may the isolate serve again.
  let clean = false;
  const started = Date.now();
  let killedBy: "timeout" | "aborted" | "memory" | undefined;
  const kill = (why: "timeout" | "aborted" | "memory") => {
    killedBy ??= why;
    if (!isolate.isDisposed) isolate.dispose();
  };
  // ivm's own `timeout` stops busy JavaScript; this timer also ends a body that waits on a
  // promise that never settles (no host work is pending, so ivm would wait forever).
  const timer = setTimeout(() => kill("timeout"), opts.timeoutMs + 50);
  const memoryBudget = memoryMb * 1024 * 1024 * RESIDENT_ALLOWANCE;
  const memory = watchMemory(memoryBudget, () => kill("memory"));
  const overMemory = () => new SandboxError("memory", `the code used more than its ${memoryMb} MB memory limit`);
  const onAbort = () => kill("aborted");
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  if (opts.signal?.aborted) kill("aborted");

  let logLines = 0;
  const logCallback = new ivm.Callback((line: unknown) => {
    if (!opts.log || logLines >= MAX_LOG_LINES) return;
    logLines++;
    const text = String(line);
    opts.log(logLines === MAX_LOG_LINES ? "… further console output dropped (1000 lines max)" : text.length > MAX_LOG_LINE_CHARS ? `${text.slice(0, MAX_LOG_LINE_CHARS - 1)}…` : text);
  });
  // Only strings cross the boundary: a host object handed in could leak its prototype chain.
  const randomCallback = new ivm.Callback((n: unknown) => randomBytes(Math.max(0, Math.min(65_536, Number(n) | 0))).toString("hex"));
  const uuidCallback = new ivm.Callback(() => randomUUID());

  try {
    // Set-up calls are synchronous: an async call costs a thread hop (~0.07 ms) each, and this
    // process serves one execution at a time anyway. Only the user's code runs asynchronously.
    context = isolate.createContextSync();
    context.evalClosureSync(SANDBOX_PRELUDE, [logCallback, randomCallback, uuidCallback, stepsJson, varsJson, maxOutputBytes, MAX_JSON_DEPTH], { timeout: opts.timeoutMs });

    const source = `${WRAP_PREFIX}${opts.code}\n})`;
    script = isolate.compileScriptSync(`__run(${source})`, { filename: "file:///step.js" });
    const remaining = Math.max(1, opts.timeoutMs - (Date.now() - started));
    const json = (await script.run(context, { timeout: remaining, promise: true, copy: true })) as unknown;
    // The code may have passed the budget since the last poll and ended before the next one.
    if (memory.stop() > memoryBudget) throw overMemory();
    clean = true;
    if (typeof json !== "string") return { json: null, durationMs: Date.now() - started };
    const bytes = Buffer.byteLength(json, "utf8");
    if (bytes > maxOutputBytes) throw new SandboxError("output_too_large", tooLarge(bytes, maxOutputBytes, false));
    return { json, durationMs: Date.now() - started };
  } catch (e) {
    if (e instanceof SandboxError) throw e;
    const err = e as Error;
    const msg = String(err?.message ?? err);
    if (killedBy === "aborted") throw new SandboxError("aborted", "the code step was cancelled");
    if (killedBy === "memory" || memory.stop() > memoryBudget) throw overMemory();
    // What the code threw, described in the isolate (sandbox-describe-thrown.ts): its own words,
    // even when they read like one of the engine's limits below.
    if (killedBy === undefined && msg.startsWith(THROWN_MARK) && !isolate.isDisposed) {
      clean = true;
      const text = msg.slice(THROWN_MARK.length);
      if (text === "Not supported") throw new SandboxError("error", `import() is not available in the code step${userLocation(err?.stack)}`);
      throw new SandboxError("error", `${text}${userLocation(err?.stack)}`);
    }
    if (killedBy === "timeout" || /Script execution timed out/.test(msg)) {
      throw new SandboxError("timeout", `the code ran longer than its ${opts.timeoutMs / 1000} s time limit`);
    }
    if (/memory limit/i.test(msg) || isolate.isDisposed) throw overMemory();
    clean = !isolate.isDisposed;
    const marker = msg.match(/^__OUTPUT_TOO_LARGE__:(\d+)$/);
    if (marker) throw new SandboxError("output_too_large", tooLarge(Number(marker[1]), maxOutputBytes, true));
    if (msg === "Not supported") throw new SandboxError("error", `import() is not available in the code step${userLocation(err?.stack)}`);
    if (err?.name === "SyntaxError" && !isolate.isDisposed) {
      const atEnd = syntaxErrorAtEnd(isolate, opts.code, `${err?.stack ?? ""}\n${msg}`);
      if (atEnd) throw new SandboxError("error", `SyntaxError: ${atEnd}`);
    }
    const name = err?.name && err.name !== "Error" ? `${err.name}: ` : "";
    // A syntax error's message carries our own location ("[file:///step.js:4:13]", a line off
    // because of the wrapper): drop it, and report the user's line like any other error.
    const own = / ?\[file:\/\/\/step\.js:\d+:\d+\]$/;
    throw new SandboxError("error", `${name}${msg.replace(own, "")}${userLocation(`${err?.stack ?? ""}\n${msg}`)}`);
  } finally {
    clearTimeout(timer);
    const grown = memory.stop();
    opts.signal?.removeEventListener("abort", onAbort);
    if (!isolate.isDisposed) {
      script?.release();
      context?.release();
    }
    if (lease) opts.isolates!.release(lease, clean && killedBy === undefined && grown <= memoryMb * 1024 * 1024 * RETIRE_GROWTH_SHARE);
    else if (!isolate.isDisposed) isolate.dispose();
  }
}
