// The contract between the run engine (lib/runs/*) and the executors, one file per step kind
// in this folder. The engine loads earlier outputs, resolves references, records results,
// retries, redacts secrets; an executor only does its kind's work.
import type { Step } from "@/lib/workflows/definition";

export type ResolveResult = { value: unknown; unresolved: string[] };

/** Attempts of one step (first try included) before a retryable failure fails the run (the
 *  engine's rule); an executor that passes a failure on (HTTP Continue on error) does so only on
 *  the last, so Continue on error does not switch retries off. */
export const MAX_STEP_ATTEMPTS = 5;

export type StepContext = {
  runId: string;
  workflowId: string;
  workspaceId: string;
  /** The step as defined (config not yet resolved). */
  step: Step;
  /** The workflow's steps in order, to name another step in a log ("taken: … → step 9 (Wait)"). */
  steps?: readonly Step[];
  /** 1-based position of the step. */
  number: number;
  /** Outputs of earlier steps that ran, by step number (steps[1] is the trigger output). */
  outputs: Record<number, unknown>;
  /** Step 1's output with the numbers a double changes kept as written (JSON.rawJSON values,
   *  lib/json/parse-exact-json.ts), when it holds any: for a copy of the outputs made as JSON
   *  text, which has no spelling for the ±Infinity that 1e400 is in `outputs`. */
  triggerExact?: unknown;
  /** Resolves {{ n.path }}, {{ vars.KEY }}, {{ secrets.KEY }} in a value (deeply for objects/arrays).
   *  Values that come out of references are data: never expanded again. */
  resolve: (value: unknown) => ResolveResult;
  /** Workspace variables (not secrets), for the code step's `vars`. */
  vars: Record<string, string | null>;
  /** Adds a log line to the step record (the engine redacts secrets before storing). */
  log: (line: string) => void;
  /** Aborted when the worker shuts down or the step times out. */
  signal: AbortSignal;
  /** 1 on the first attempt of this step in this run. */
  attempt: number;
};

export type StepResult = {
  output: unknown;
  /** conditions: the step id to continue at, or "stop" to end the run with status stopped. */
  next?: string | "stop";
  /** wait: resume the run at this instant (the engine saves the run as waiting). */
  resumeAt?: Date;
};

export type StepExecutor = (ctx: StepContext) => Promise<StepResult>;

/** A step failure. `retryable` ones (429, 5xx, network) are retried with backoff by the engine.
 *  `output`: what the step got before failing (an HTTP Request's non-2xx response, whole), recorded
 *  as the failed step's output, masked as any output is, so the message can stay one short line. */
export class StepError extends Error {
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly output?: unknown;
  constructor(message: string, opts: { retryable?: boolean; retryAfterMs?: number; output?: unknown } = {}) {
    super(message);
    this.retryable = opts.retryable ?? false;
    this.retryAfterMs = opts.retryAfterMs;
    this.output = opts.output;
  }
}
