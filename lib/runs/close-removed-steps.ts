// A step removed from the workflow while a run was parked on it (a Wait, or an HTTP Request in
// its retry backoff) is never executed again, but its record is still open: it is closed as
// skipped with a note, so a finished run never shows a step "waiting" or "running". Its output
// (a Wait's resumeAt) and the earlier attempts' log lines are kept. closeRecords does the same
// for any open record with the caller's note (execute-run: a step an edit moved off the path).
import { loadStepLogs } from "@/lib/runs/load-step-logs";
import { FINAL_STEP_STATUSES, type StepRecord, type StepWrite } from "@/lib/runs/run-records";
import type { Step } from "@/lib/workflows/definition";

export type CloseRemovedStepsOptions = { runId: string; steps: readonly Step[]; records: ReadonlyMap<string, StepRecord> };

/** The writes that close those records; empty (and no query) in the usual case. */
export async function closeRemovedSteps({ runId, steps, records }: CloseRemovedStepsOptions): Promise<StepWrite[]> {
  const open = [...records.values()].filter((r) => !FINAL_STEP_STATUSES.has(r.status));
  if (open.length === 0) return [];
  const current = new Set(steps.map((s) => s.id));
  return closeRecords(
    runId,
    open.filter((r) => !current.has(r.stepId)),
    (r) => (r.status === "waiting" ? "removed from the workflow while the run was waiting here" : "removed from the workflow before the run could resume here"),
  );
}

/** Writes closing `open` as skipped with `reason`, output and log lines kept (a query each). */
export async function closeRecords(runId: string, open: readonly StepRecord[], reason: (r: StepRecord) => string): Promise<StepWrite[]> {
  const finishedAt = new Date();
  return Promise.all(
    open.map(async (r) => ({
      runId,
      stepId: r.stepId,
      number: r.number,
      kind: r.kind,
      status: "skipped" as const,
      output: r.output,
      error: reason(r),
      logs: await loadStepLogs({ runId, stepId: r.stepId }),
      attempts: r.attempts,
      finishedAt,
    })),
  );
}
