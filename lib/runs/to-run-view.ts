// How a run reads back over the API (GET /api/v1/runs/{id}, and the test-run answer). Pure.
// `trigger` is the stored trigger output exactly (for a webhook: the posted JSON, no wrapper).
import type { Run, RunStep } from "@/lib/generated/prisma/client.ts";
import type { Step } from "@/lib/workflows/definition";
import type { RunStepView } from "@/lib/runs/run-step-view";

export type { RunStepView };

export type RunView = {
  id: string;
  workflowId: string;
  workspaceId: string;
  status: string;
  test: boolean;
  scope: string;
  /** A single-step test: the step it executed (earlier steps' records are copies). */
  targetStepId: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
  /** Null, with every step's output and logs, once retention has cleared them: see outputsClearedAt. */
  trigger: unknown;
  /** When retention cleared the trigger payload and the steps' outputs and logs
   *  (RETENTION_STEP_OUTPUT_DAYS); null while they are kept. */
  outputsClearedAt: string | null;
  steps: RunStepView[];
};

export type ToRunViewOptions = { run: Run; steps: readonly RunStep[]; definition: readonly Step[] };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toRunView({ run, steps, definition }: ToRunViewOptions): RunView {
  const names = new Map(definition.map((s) => [s.id, s.name]));
  return {
    id: run.id,
    workflowId: run.workflowId,
    workspaceId: run.workspaceId,
    status: run.status,
    test: run.test,
    scope: run.scope,
    targetStepId: run.targetStepId ?? null,
    createdAt: run.createdAt.toISOString(),
    startedAt: iso(run.startedAt),
    finishedAt: iso(run.finishedAt),
    error: run.error,
    trigger: run.trigger ?? null,
    outputsClearedAt: iso(run.outputsClearedAt),
    // Two records share a number when a step was removed while the run was parked on it and
    // the run went on: the removed one (no longer in the definition) came first.
    steps: [...steps]
      .sort((a, b) => a.number - b.number || Number(names.has(a.stepId)) - Number(names.has(b.stepId)))
      .map((s) => ({
        stepId: s.stepId,
        number: s.number,
        kind: s.kind,
        name: names.get(s.stepId) ?? null,
        status: s.status,
        output: s.output ?? null,
        error: s.error,
        logs: s.logs,
        unresolved: s.unresolved,
        attempts: s.attempts,
        startedAt: iso(s.startedAt),
        firstStartedAt: iso(s.firstStartedAt),
        finishedAt: iso(s.finishedAt),
      })),
  };
}
