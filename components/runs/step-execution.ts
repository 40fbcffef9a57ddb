// How one step of a run reads in the editor's Executions and on the Runs page. Pure.
import { durationBetween } from "@/lib/format-duration";
import { plural } from "@/lib/plural";

type StepRecord = {
  status: string;
  error: string | null;
  /** Its place in the run: step 1 is the trigger. */
  number?: number;
  attempts?: number;
  /** The latest attempt's start. */
  startedAt: string | null;
  /** The first attempt's start (null on records from before it was kept). */
  firstStartedAt?: string | null;
  finishedAt: string | null;
};

type RunTimes = { status: string; startedAt?: string | null; finishedAt?: string | null };

// A step still to come or under way: a retry's record keeps the failed attempt's finish time
// (and an HTTP Request's failed answer as output) until the next attempt: not the step's end.
const UNFINISHED = new Set(["pending", "running", "waiting"]);
export const stepFinished = (step: Pick<StepRecord, "status">) => !UNFINISHED.has(step.status);
const RUN_ENDED = new Set(["succeeded", "failed", "stopped"]);

/**
 * Each step's status in a run as its canvas node shows it: as GET /api/v1/runs/{id} records it,
 * the words the Executions tab and the Runs page use too. The step Stop run ended reads failed,
 * as the API and README say; those two show "stopped by …" beside it.
 */
export function canvasStepStatuses<S extends string>(run: { steps: { stepId: string; status: string }[] } | undefined): Map<string, S> {
  if (!run) return new Map();
  return new Map(run.steps.map((s) => [s.stepId, s.status as S]));
}

/** How long a run (or anything with two instants) took: "33 s", "2 min 3 s"; null until it has both. */
export function took(startedAt: string | null | undefined, finishedAt: string | null | undefined): string | null {
  return durationBetween(startedAt, finishedAt);
}

export type StepTimes = { startedLabel: string; startedAt: string | null; finishedAt: string | null; tookLabel: string; took: string | null };

/**
 * When the step started, finished and how long it took; finish and duration only once it has
 * ended. A step attempted more than once took the time from its first attempt's start, and says
 * over how many attempts and how long the last one took. The trigger (step 1) only records the
 * payload, in no time: with its `run` it reads the run's times instead (the trigger's entry in
 * Executions is the whole run), and without one it has no duration.
 */
export function stepTimes(step: StepRecord, run?: RunTimes): StepTimes {
  if (step.number === 1) {
    if (!run) return { startedLabel: "Received", startedAt: step.startedAt, finishedAt: stepFinished(step) ? step.finishedAt : null, tookLabel: "Took", took: null };
    const ended = RUN_ENDED.has(run.status);
    const finishedAt = ended ? (run.finishedAt ?? null) : null;
    return { startedLabel: "Run started", startedAt: run.startedAt ?? null, finishedAt, tookLabel: "Run took", took: ended ? took(run.startedAt, finishedAt) : null };
  }
  const attempts = step.attempts ?? 0;
  const first = attempts > 1 ? (step.firstStartedAt ?? null) : null;
  // A record from before the first start was kept: its start is the last attempt's, said as such.
  const startedLabel = attempts > 1 && !first ? `Attempt ${attempts} started` : "Started";
  const startedAt = first ?? step.startedAt;
  if (!stepFinished(step)) return { startedLabel, startedAt, finishedAt: null, tookLabel: "Took", took: null };
  const last = took(step.startedAt, step.finishedAt);
  let text = last;
  if (attempts > 1 && last !== null) text = first ? `${took(first, step.finishedAt)} over ${plural(attempts, "attempt")} (the last ${last})` : `${last}, the last of ${plural(attempts, "attempt")}`;
  return { startedLabel, startedAt, finishedAt: step.finishedAt, tookLabel: "Took", took: text };
}
