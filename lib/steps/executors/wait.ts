// wait: pauses the run for a duration or until an instant. The executor only decides when to
// resume; the engine saves the run as `waiting` and sends a delayed run-execute job, so no
// worker holds the run and it survives restarts. An instant already past does not wait.
// "until" takes ISO 8601 text or a Unix timestamp (a number, or text of digits): below 1e11 it
// is seconds (what most APIs send; 1e11 s is the year 5138), from 1e11 on milliseconds (1e11 ms
// is March 1973, so no recent instant in either unit is misread).
import { waitConfig } from "@/lib/steps/catalog";
import { StepError, type StepExecutor } from "./types";

const UNIX_MS_FROM = 1e11;

/** Milliseconds since the epoch, or NaN. */
function instantOf(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : null;
  if (n !== null) return Number.isFinite(n) ? Math.round(n < UNIX_MS_FROM ? n * 1000 : n) : NaN;
  return Date.parse(String(value ?? ""));
}

export const executeWait: StepExecutor = async (ctx) => {
  const config = waitConfig.parse(ctx.step.config);
  const now = Date.now();
  let at: number;
  if (config.mode === "duration") {
    // The engine fails an unfinished step before this (find-missing-fields); a direct call may not.
    if (config.seconds === null) throw new StepError("Seconds is required");
    at = now + Math.round(config.seconds * 1000);
  } else {
    const { value } = ctx.resolve(config.at);
    at = instantOf(value);
    if (!Number.isFinite(at)) throw new StepError(`"${String(value ?? "")}" is not a date and time (use ISO 8601, e.g. 2026-12-01T02:00:00Z, or a Unix timestamp in seconds or milliseconds)`);
  }
  if (at <= now) return { output: { resumeAt: new Date(at).toISOString(), waited: false } };
  const resumeAt = new Date(at);
  return { output: { resumeAt: resumeAt.toISOString() }, resumeAt };
};
