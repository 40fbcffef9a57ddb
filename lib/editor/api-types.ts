// The /api/v1 shapes the editor reads (issue 3's contract), as client-side types. Declared
// here rather than imported from the server modules so client code never reaches into them;
// a step's record comes from a type-only module the server builds it with (run-step-view.ts).
import type { PreviewCut } from "@/lib/json/preview-json";
import type { RunStepView } from "@/lib/runs/run-step-view";
import type { StepKind } from "@/lib/steps/catalog";

export type { RunStepView };

export type WorkflowStepView = { id: string; number: number; kind: StepKind; name: string; config: Record<string, unknown> };

/** The blueprint a workflow was installed from: the version installed, the newest, and the newer
 *  versions' change notes (lib/blueprints/describe-blueprint-origin.ts). */
export type BlueprintOriginView = { slug: string; title: string; version: number; latestVersion: number; changes: { version: number; note: string }[] };

export type WorkflowView = {
  id: string;
  workspaceId: string;
  name: string;
  mode: "draft" | "live";
  steps: WorkflowStepView[];
  webhookUrl: string | null;
  /** Draft only, once the trigger has had a URL: that URL, kept for when it is Live again. */
  keptWebhookUrl?: string;
  version: number;
  /** Who saved this version and when; null when not known (a push made it, or saved before this was recorded). */
  savedBy?: { name: string; email: string } | null;
  savedAt?: string | null;
  /** Set when a push made this version (a client's copy): the provider workspace's name. */
  pushedFrom?: string;
  /** Absent for a workflow not installed from a blueprint, or installed before this was recorded. */
  blueprint?: BlueprintOriginView;
  updatedAt: string;
};

export type RunStatus = "queued" | "running" | "waiting" | "succeeded" | "failed" | "stopped";

export type RunSummary = {
  id: string;
  status: RunStatus;
  test: boolean;
  scope?: string;
  createdAt: string;
  startedAt?: string | null;
  finishedAt?: string | null;
  error?: string | null;
  /** A single-step test: the step it ran (null: the trigger's, or every step). */
  targetStepId?: string | null;
  /** In a list asked for one step's runs (…/runs?step=): that step's record, without output or logs. */
  step?: RunStepSummary | null;
};

/** What a collapsed Executions entry shows of the step's record; the rest comes with the run's detail. */
export type RunStepSummary = { stepId: string; number: number; status: string; error: string | null; unresolved?: unknown };

/** GET /runs/{id}/steps/{stepId}?preview=true: the record without its logs, its output cut to
 *  what Workflow data's tree draws, each cut said with its whole size (lib/json/preview-json.ts). */
export type RunStepPreview = Omit<RunStepView, "logs"> & { preview: { cuts: PreviewCut[] } };

export type RunView = RunSummary & {
  targetStepId?: string | null;
  workflowId: string;
  /** Null, with every step's output and logs, once retention has cleared them (outputsClearedAt). */
  trigger: unknown;
  /** When retention cleared the payload and the steps' outputs and logs; null while they are kept. */
  outputsClearedAt?: string | null;
  steps: RunStepView[];
};

/** GET /runs/{id}?outputs=false: the run without its payload and the steps' outputs and logs (the
 *  Runs page, the canvas, Workflow data's runs, an open Executions entry), but a Conditions step's
 *  output: the branch it chose, which says why a later step was skipped. */
export type RunOverview = Omit<RunView, "trigger" | "steps"> & { steps: (Omit<RunStepView, "output" | "logs"> & { output?: unknown })[] };

export type Delivery = { id: string; receivedAt: string; size: number; outcome: string; runId: string | null; contentType?: string | null; reason?: string };

export const TERMINAL_RUN_STATUSES: readonly string[] = ["succeeded", "failed", "stopped"];
