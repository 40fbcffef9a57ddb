// Shapes shared by the sandbox pool (worker side) and the sandbox child process. Plain,
// erasable TypeScript with relative ".ts" imports: the child runs under Node's own type
// stripping, without tsx or path aliases.

export type SandboxFailure = "error" | "timeout" | "memory" | "output_too_large" | "aborted" | "invalid_input" | "crashed";

export class SandboxError extends Error {
  readonly reason: SandboxFailure;
  constructor(reason: SandboxFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

type JobLimits = {
  timeoutMs: number;
  memoryMb: number;
  maxOutputBytes: number;
  /** Executions with the same key may share a warm isolate (never a context): the workspace id. */
  isolationKey?: string;
};

/** One code step execution, as sent to a child: data already serialised to JSON text. */
export type CodeJob = JobLimits & {
  kind?: "code";
  code: string;
  stepsJson: string;
  varsJson: string;
};

/** One JSONata expression (transform, summarize) evaluated in a child: see run-expression-isolate.ts. */
export type ExpressionJob = JobLimits & {
  kind: "expression";
  source: string;
  inputJson: string;
  bindingsJson: string;
};

export type IsolateJob = CodeJob | ExpressionJob;

export type ToChild = ({ type: "run"; id: number } & IsolateJob) | { type: "abort"; id: number };

export type FromChild =
  | { type: "ready" }
  | { type: "log"; id: number; line: string }
  | { type: "done"; id: number; ok: true; json: string | null; durationMs: number }
  | { type: "done"; id: number; ok: false; reason: SandboxFailure; message: string };
