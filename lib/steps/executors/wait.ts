// wait: pauses the run for a duration or until an instant. The executor only decides when to
// resume; the engine saves the run as `waiting` and sends a delayed run-execute job, so no
// worker holds the run and it survives restarts. An instant already past does not wait.
// "until" is read by lib/steps/wait-instant.ts (ISO 8601, HTTP date or a Unix timestamp), the
// same reading the editor and going Live judge a literal "until" with.
import { waitConfig } from "@/lib/steps/catalog";
import { instantOf, notAnInstant, tooFarAway } from "@/lib/steps/wait-instant";
import { StepError, type StepExecutor } from "./types";

/** Why "until" gave no instant. A reference with no value is named as written: it resolves to "",
 *  and `"" is not a date and time` would hide which reference came up empty. */
function unreadable(value: unknown, unresolved: readonly string[]): string {
  if (unresolved.length > 0) {
    const refs = unresolved.join(", ");
    return `${refs} ${unresolved.length > 1 ? "have" : "has"} no value in this run, so there is no date and time to wait until`;
  }
  return notAnInstant(value);
}

export const executeWait: StepExecutor = async (ctx) => {
  const config = waitConfig.parse(ctx.step.config);
  const now = Date.now();
  let at: number;
  let given: unknown; // "until" as resolved, to name an instant past the last date there is
  if (config.mode === "duration") {
    // The engine fails an unfinished step before this (find-missing-fields); a direct call may not.
    if (config.seconds === null) throw new StepError("Seconds is required");
    at = now + Math.round(config.seconds * 1000);
  } else {
    const { value, unresolved } = ctx.resolve(config.at);
    given = value;
    at = instantOf(value);
    if (!Number.isFinite(at)) throw new StepError(unreadable(value, unresolved));
  }
  if (at <= now) return { output: { resumeAt: new Date(at).toISOString(), waited: false } };
  const far = tooFarAway(at, given, now);
  if (far) throw new StepError(far);
  const resumeAt = new Date(at);
  return { output: { resumeAt: resumeAt.toISOString() }, resumeAt };
};
