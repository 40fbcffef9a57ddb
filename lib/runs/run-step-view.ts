// How one step's record of a run reads over the API (GET /api/v1/runs/{id}, …/steps/{stepId}).
// Declared once, type-only and client-safe, so the server that builds it (to-run-view.ts) and
// the editor that reads it (lib/editor/api-types.ts) cannot drift apart.
export type RunStepView = {
  stepId: string;
  number: number;
  kind: string;
  /** The step's name in the current definition; null when the step has since been removed. */
  name: string | null;
  status: string;
  output: unknown;
  error: string | null;
  logs: unknown;
  /** References in the step's config that resolved to nothing (recorded by the run engine), so
   *  they read as null (or "" inside text). Always sent; optional so the editor's note on them
   *  also takes an Executions list entry (RunStepSummary), where it may be left out. */
  unresolved?: unknown;
  /** Attempts made so far (a step retried after a network error or a 5xx has more than one). */
  attempts: number;
  /** The latest attempt's start. */
  startedAt: string | null;
  /** The first attempt's start, kept across retries (null on records from before it was kept,
   *  and on copies). */
  firstStartedAt: string | null;
  finishedAt: string | null;
};
