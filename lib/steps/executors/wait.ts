// wait: pauses the run for a duration or until an instant. The executor only decides when to
// resume; the engine saves the run as `waiting` and sends a delayed run-execute job, so no
// worker holds the run and it survives restarts. An instant already past does not wait.
import { waitConfig } from "@/lib/steps/catalog";
import { StepError, type StepExecutor } from "./types";

export const executeWait: StepExecutor = async (ctx) => {
  const config = waitConfig.parse(ctx.step.config);
  const now = Date.now();
  let at: number;
  if (config.mode === "duration") at = now + Math.round(config.seconds * 1000);
  else {
    const { value } = ctx.resolve(config.at);
    at = typeof value === "number" ? value : Date.parse(String(value ?? ""));
    if (!Number.isFinite(at)) throw new StepError(`"${String(value ?? "")}" is not a date and time (use ISO 8601, e.g. 2026-12-01T02:00:00Z)`);
  }
  if (at <= now) return { output: { resumeAt: new Date(at).toISOString(), waited: false } };
  const resumeAt = new Date(at);
  return { output: { resumeAt: resumeAt.toISOString() }, resumeAt };
};
