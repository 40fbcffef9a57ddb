// Evaluates a JSONata expression in a sandbox child (run-expression-isolate.ts), for the
// expressions whose regular expressions could otherwise hold this process for as long as they
// backtrack. Data crosses as JSON: the references are resolved before.
import { sharedSandboxPool } from "./sandbox-pool.ts";
import { SandboxError } from "./sandbox-types.ts";

export type SandboxExpression = {
  source: string;
  input: unknown;
  /** Variables by name (without `$`); undefined values are left unbound, as JSONata's "no value". */
  bindings: Record<string, unknown>;
  timeoutMs: number;
  isolationKey?: string;
  signal?: AbortSignal;
};

/** An error JSONata raised (code and position as JSONata gives them). */
export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly position?: number,
  ) {
    super(message);
  }
}

export async function evaluateInSandbox(opts: SandboxExpression): Promise<unknown> {
  let inputJson: string;
  let bindingsJson: string;
  try {
    inputJson = JSON.stringify(opts.input ?? {});
    bindingsJson = JSON.stringify(opts.bindings);
  } catch (e) {
    throw new SandboxError("invalid_input", `the expression's data could not be copied into the sandbox: ${(e as Error).message}`);
  }
  const r = await sharedSandboxPool().run({
    kind: "expression",
    source: opts.source,
    inputJson,
    bindingsJson,
    timeoutMs: opts.timeoutMs,
    memoryMb: 128,
    maxOutputBytes: 16 * 1024 * 1024,
    isolationKey: opts.isolationKey,
    signal: opts.signal,
  });
  const answer = JSON.parse(r.json ?? "{}") as { value?: unknown; error?: { message: string; code?: string; position?: number } };
  if (answer.error) throw new ExpressionError(answer.error.message, answer.error.code, answer.error.position);
  return answer.value ?? null;
}
