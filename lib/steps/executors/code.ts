// code step: the user's JavaScript body in a new context of an isolate of its workspace. References ({{ }}) are NOT
// resolved inside the code — code reads `steps` and `vars` instead, so data never becomes code.
import { codeConfig } from "@/lib/steps/catalog";
import { runInSandbox, SandboxError } from "@/lib/sandbox/run-in-sandbox";
import { StepError, type StepExecutor } from "./types";

export const CODE_MEMORY_MB = 128;
export const CODE_MAX_OUTPUT_BYTES = 1024 * 1024;

export const executeCode: StepExecutor = async (ctx) => {
  const parsed = codeConfig.safeParse(ctx.step.config);
  if (!parsed.success) throw new StepError(`invalid code step config: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  const { code, timeoutMs } = parsed.data;
  try {
    const { value } = await runInSandbox({
      code,
      // The sandbox gets `steps` as JSON text: step 1 written as posted, so a number beyond the
      // double range (1e400) reads there as Infinity, not as the null JSON writes for Infinity.
      steps: ctx.triggerExact === undefined ? ctx.outputs : { ...ctx.outputs, 1: ctx.triggerExact },
      vars: ctx.vars,
      timeoutMs,
      memoryMb: CODE_MEMORY_MB,
      maxOutputBytes: CODE_MAX_OUTPUT_BYTES,
      log: ctx.log,
      signal: ctx.signal,
      isolationKey: ctx.workspaceId,
    });
    return { output: value ?? null };
  } catch (e) {
    if (e instanceof SandboxError) {
      // Cancelled (the worker stopping, the run stopped) or its sandbox process ended with the
      // worker: a run that goes on may pick the step up again; user-code faults are final.
      throw new StepError(`code step failed: ${e.message.slice(0, 2_000)}`, { retryable: e.reason === "aborted" });
    }
    throw e;
  }
};
