// Runs one step's executor: builds its context (references resolved against earlier outputs
// and the workspace's variables and secrets), collects log lines and unresolved references,
// and hands back a JSON-clean, secret-redacted result for the engine to record.
import { formatMegabytes } from "@/lib/format-bytes";
import { countJsonBytes } from "@/lib/json/count-json-bytes";
import type { Redactor } from "@/lib/secrets/redact-secrets";
import { findMissingFields } from "@/lib/steps/find-missing-fields";
import { EXECUTORS } from "@/lib/steps/executors";
import { StepError, type StepContext, type StepResult } from "@/lib/steps/executors/types";
import type { WorkspaceValues } from "@/lib/variables/load-workspace-values";
import { findBranchReferenceErrors } from "@/lib/workflows/branch-references";
import type { Step } from "@/lib/workflows/definition";
import { ReferenceValueError, resolveReferences } from "@/lib/workflows/references";

const MAX_LOG_LINES = 1_000;
const MAX_LOG_LINE = 10_000;

// A cut line ends in "…" (within the limit): it shows the line goes on, and it is where masking
// looks for a secret the cut fell inside (redact-secrets.ts). A line already cut to the limit
// with its "…" (the sandbox's console) is kept as it is.
const capLine = (line: string) => (line.length > MAX_LOG_LINE ? `${line.slice(0, MAX_LOG_LINE - 1)}…` : line);

export type StepOutcome =
  | { ok: true; output: unknown; next?: string; resumeAt?: Date; logs: string[]; unresolved: string[] }
  | { ok: false; error: StepError; logs: string[]; unresolved: string[] };

export type ExecuteStepOptions = {
  ids: { runId: string; workflowId: string; workspaceId: string };
  step: Step;
  /** The workflow's steps in order, to name a step in a log (StepContext). */
  steps?: readonly Step[];
  number: number;
  /** Outputs of earlier steps as recorded (already redacted), by number. */
  outputs: Record<number, unknown>;
  /** Step 1's output with the numbers a double changes kept as written, when it holds any (StepContext). */
  triggerExact?: unknown;
  values: WorkspaceValues;
  files: Record<string, string | null>;
  redact: Redactor;
  signal: AbortSignal;
  attempt: number;
};

/** The most a step's output may be as JSON (UTF-8). A Code step's own limit is lower (1 MB);
 *  this bounds the steps that compute data in the worker — a Data Transformation's `$pad("",
 *  300000000)` made a 300 MB output that was masked and written for over a minute while the
 *  worker's other runs waited, and every read of the run carried it. An HTTP Request's response is
 *  read up to 5 MB (6.7 MB as base64), a delivery is 1 MB: far below. */
export const MAX_STEP_OUTPUT_BYTES = 16 * 1024 * 1024;

/** Megabytes to one decimal, rounded up: an output a little over the limit never reads as the limit. */
const megabytes = (bytes: number) => formatMegabytes(bytes, Math.ceil);

/** Why an output cannot be kept, in words for the step's error; null when it is another fault. */
function unstorable(e: unknown): string | null {
  if (!(e instanceof RangeError)) return null;
  if (/call stack/i.test(e.message)) return "the output is nested too deeply to keep (a list or object inside another thousands of levels down)";
  if (/string length/i.test(e.message)) return `the output is over 512 MB as JSON; a step's output may be at most ${megabytes(MAX_STEP_OUTPUT_BYTES)} (return a summary, or what a later step needs)`;
  return null;
}

const TOO_LARGE_ADVICE = `a step's output may be at most ${megabytes(MAX_STEP_OUTPUT_BYTES)} (return a summary, or what a later step needs)`;

/** A value as it would be stored: plain JSON (undefined → null), at most MAX_STEP_OUTPUT_BYTES. */
function toJson(value: unknown): unknown {
  // Refused before it is written when its texts alone are over: 30 texts of 16 million characters
  // were 480 MB of JSON, 10 s and 2 GB of the worker's memory to write only to be refused.
  const atLeast = countJsonBytes(value, MAX_STEP_OUTPUT_BYTES);
  if (atLeast > MAX_STEP_OUTPUT_BYTES) throw new StepError(`the output is at least ${formatMegabytes(atLeast, Math.floor)} as JSON; ${TOO_LARGE_ADVICE}`);
  const text = JSON.stringify(value === undefined ? null : value);
  if (text === undefined) return null;
  // UTF-16 length is a lower bound of the UTF-8 size: counted only when it could matter.
  const bytes = text.length * 3 > MAX_STEP_OUTPUT_BYTES ? Buffer.byteLength(text, "utf8") : text.length;
  if (bytes > MAX_STEP_OUTPUT_BYTES) {
    throw new StepError(`the output is ${megabytes(bytes)} as JSON; ${TOO_LARGE_ADVICE}`);
  }
  return JSON.parse(text);
}

/** A failed step's output as stored; one that is not JSON is dropped: the error is what fails it. */
function jsonOrNothing(value: unknown): unknown {
  try {
    return toJson(value);
  } catch {
    return undefined;
  }
}

export async function executeStep(opts: ExecuteStepOptions): Promise<StepOutcome> {
  const logs: string[] = [];
  const unresolved = new Set<string>();
  const scope = {
    outputs: opts.outputs,
    vars: opts.values.vars,
    secrets: opts.values.secrets,
    unreadableSecrets: opts.values.unreadableSecrets,
    files: opts.files,
  };
  const ctx: StepContext = {
    ...opts.ids,
    step: opts.step,
    steps: opts.steps,
    number: opts.number,
    outputs: opts.outputs,
    triggerExact: opts.triggerExact,
    resolve: (value) => {
      try {
        const r = resolveReferences(value, scope);
        for (const u of r.unresolved) unresolved.add(u);
        return r;
      } catch (e) {
        if (e instanceof ReferenceValueError) throw new StepError(e.message);
        throw e;
      }
    },
    vars: opts.values.vars,
    log: (line) => {
      if (logs.length < MAX_LOG_LINES) logs.push(capLine(String(line)));
      else if (logs.length === MAX_LOG_LINES) logs.push(`… further lines dropped (limit ${MAX_LOG_LINES})`);
    },
    signal: opts.signal,
    attempt: opts.attempt,
  };
  const finish = () => ({ logs: opts.redact(logs), unresolved: [...unresolved] });
  // A Draft saves unfinished steps; running one fails it naming the field, before the
  // executor would trip over the empty value.
  const [missing] = findMissingFields(opts.step.kind, opts.step.config);
  if (missing) return { ok: false, error: new StepError(missing.run ?? `${missing.message} (the step was saved unfinished: fill it in in the editor)`), ...finish() };
  // Likewise a reference to a step on another branch (going Live refuses it; a workflow Live from
  // before still runs): said with its reason, not left to read as an empty value. Judged only
  // when that step's output is indeed missing from this run.
  const unread = opts.steps ? findBranchReferenceErrors(opts.steps, opts.number).find((p) => !Object.hasOwn(opts.outputs, p.reads)) : undefined;
  if (unread) return { ok: false, error: new StepError(`${unread.message} (change the reference in the editor)`), ...finish() };
  let result: StepResult;
  try {
    result = await EXECUTORS[opts.step.kind](ctx);
  } catch (e) {
    const error = e instanceof StepError ? e : new StepError(`internal error: ${e instanceof Error ? e.message : String(e)}`);
    const output = error.output === undefined ? undefined : opts.redact(jsonOrNothing(error.output));
    const redacted = new StepError(opts.redact(error.message), { retryable: error.retryable, retryAfterMs: error.retryAfterMs, output });
    return { ok: false, error: redacted, ...finish() };
  }
  let output: unknown;
  try {
    output = opts.redact(toJson(result.output));
  } catch (e) {
    if (e instanceof StepError) return { ok: false, error: e, ...finish() };
    return { ok: false, error: new StepError(unstorable(e) ?? `output is not JSON: ${(e as Error).message}`), ...finish() };
  }
  return { ok: true, output, next: result.next, resumeAt: result.resumeAt, ...finish() };
}
