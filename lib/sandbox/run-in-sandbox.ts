// Runs a code step's JavaScript body in a new isolated-vm context inside a sandbox child
// process (see sandbox-pool.ts for why a child). One pool per process, started on first use.
import { sharedSandboxPool as pool } from "./sandbox-pool.ts";
import { SandboxError } from "./sandbox-types.ts";

export { SandboxError, type SandboxFailure } from "./sandbox-types.ts";

export type SandboxOptions = {
  /** A function body: may `await`, `return` a JSON-serialisable value. */
  code: string;
  /** Exposed as `steps` (a copy). */
  steps: Record<number, unknown>;
  /** Exposed as `vars` (a copy). */
  vars: Record<string, string | null>;
  timeoutMs: number;
  memoryMb?: number;
  maxOutputBytes?: number;
  log?: (line: string) => void;
  signal?: AbortSignal;
  /** Executions with the same key may reuse a warm isolate, each in a new context: pass the workspace id. */
  isolationKey?: string;
};

export type SandboxResult = { value: unknown; durationMs: number };

/** Starts the sandbox processes ahead of the first code step (they take ~0.2 s to start). */
export function warmSandbox(): void {
  pool().warm();
}

export async function runInSandbox(opts: SandboxOptions): Promise<SandboxResult> {
  let stepsJson: string;
  let varsJson: string;
  try {
    stepsJson = JSON.stringify(opts.steps ?? {});
    varsJson = JSON.stringify(opts.vars ?? {});
  } catch (e) {
    throw new SandboxError("invalid_input", `earlier outputs could not be copied into the sandbox: ${(e as Error).message}`);
  }
  const r = await pool().run({
    kind: "code",
    code: opts.code,
    stepsJson,
    varsJson,
    timeoutMs: opts.timeoutMs,
    memoryMb: opts.memoryMb ?? 128,
    maxOutputBytes: opts.maxOutputBytes ?? 1024 * 1024,
    log: opts.log,
    signal: opts.signal,
    isolationKey: opts.isolationKey,
  });
  return { value: r.json === null ? null : JSON.parse(r.json), durationMs: r.durationMs };
}

/** The worker is stopping: code steps whose sandbox process ends from now on are interrupted
 *  (retryable: the run resumes on the next start), not failed (sandbox-pool.ts). */
export function sandboxStopping(): void {
  pool().stopping();
}
