// How one step of a run reads in the editor's Executions and on the Runs page. Pure.
type StepRecord = { status: string; error: string | null; attempts?: number; startedAt: string | null; finishedAt: string | null };

// A step still to come or under way: a retry's record keeps the failed attempt's finish time and
// output (null) until the next attempt, which are not the step's.
const UNFINISHED = new Set(["pending", "running", "waiting"]);
export const stepFinished = (step: Pick<StepRecord, "status">) => !UNFINISHED.has(step.status);

/**
 * Each step's status in a run as its canvas node shows it: as GET /api/v1/runs/{id} records it,
 * the words the Executions tab and the Runs page use too. The step Stop run ended reads failed,
 * as the API and README say; those two show "stopped by …" beside it.
 */
export function canvasStepStatuses<S extends string>(run: { steps: { stepId: string; status: string }[] } | undefined): Map<string, S> {
  if (!run) return new Map();
  return new Map(run.steps.map((s) => [s.stepId, s.status as S]));
}

export function took(startedAt: string | null, finishedAt: string | null): string | null {
  if (!startedAt || !finishedAt) return null;
  const ms = new Date(finishedAt).getTime() - new Date(startedAt).getTime();
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * When the step started, finished and how long it took; finish and duration only once it has
 * ended. The record holds the latest attempt's start only, so after a retry it says which.
 */
export function stepTimes(step: StepRecord): { startedLabel: string; startedAt: string | null; finishedAt: string | null; took: string | null } {
  const startedLabel = (step.attempts ?? 0) > 1 ? `Attempt ${step.attempts} started` : "Started";
  if (!stepFinished(step)) return { startedLabel, startedAt: step.startedAt, finishedAt: null, took: null };
  return { startedLabel, startedAt: step.startedAt, finishedAt: step.finishedAt, took: took(step.startedAt, step.finishedAt) };
}
