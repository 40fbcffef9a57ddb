// Shapes the engine reads and writes: the state of a run, its step records, and the writes
// it makes as steps finish.
import type { Step } from "@/lib/workflows/definition";
import type { WorkspaceValues } from "@/lib/variables/load-workspace-values";

export const RUN_STATUSES = ["queued", "running", "waiting", "succeeded", "failed", "stopped"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export type StepStatus = "pending" | "running" | "waiting" | "succeeded" | "failed" | "skipped";

export const FINAL_RUN_STATUSES: ReadonlySet<string> = new Set(["succeeded", "failed", "stopped"]);
/** A step record in one of these is never written again (a completed step never runs twice). */
export const FINAL_STEP_STATUSES: ReadonlySet<string> = new Set(["succeeded", "failed", "skipped"]);

export type RunState = {
  id: string;
  workflowId: string;
  workspaceId: string;
  status: RunStatus;
  test: boolean;
  /** "step": a trigger test, only step 1 is recorded; "workflow": the whole run. */
  scope: string;
  /** A single-step test of step n >= 2: the step to execute (earlier outputs are recorded already). */
  targetStepId: string | null;
  trigger: unknown;
  /** The trigger with integers beyond double precision and numbers beyond the double range as
   *  written (JSON.rawJSON), when it may have any: step 1 records this; `trigger` (what the steps
   *  read) has them as doubles (1e400 as Infinity). */
  triggerExact?: unknown;
};

export type StepRecord = {
  stepId: string;
  number: number;
  kind: string;
  status: StepStatus;
  output: unknown;
  error: string | null;
  attempts: number;
};

/** Everything the engine needs to execute one run, loaded per batch of jobs. */
export type RunWork = {
  run: RunState;
  steps: Step[];
  records: Map<string, StepRecord>;
  values: WorkspaceValues;
  /** Text of the workspace files the workflow references ({{ files.NAME }}); null = missing. */
  files: Record<string, string | null>;
  /** Not a test, and its workflow is a pushed copy whose latest push the client has not reviewed
   *  yet: the run is ended stopped, never executed (stop-unreviewed-run.ts). */
  unreviewedPush?: boolean;
};

export type StepWrite = {
  runId: string;
  stepId: string;
  number: number;
  kind: string;
  status: StepStatus;
  output?: unknown;
  error?: string | null;
  logs?: string[];
  unresolved?: string[];
  attempts: number;
  startedAt?: Date | null;
  finishedAt?: Date | null;
};

export type RunWrite = {
  id: string;
  status: RunStatus;
  error?: string | null;
  startedAt?: Date | null;
  finishedAt?: Date | null;
  /** Replaces the stored trigger output (with secrets redacted); absent = unchanged. */
  trigger?: unknown;
};

export type ProgressWrite = { steps?: StepWrite[]; run?: RunWrite };
