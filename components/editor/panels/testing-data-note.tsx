"use client";
// A step test (Run step on step 2+) started with no run holding step 1's output takes the
// webhook's Testing data for it, and step 1's record in that run says so in its log
// (create-step-test-run.ts). Read from that record, the note is there whenever the run is shown —
// Test & Debug's result on coming back to the tab, the step's Executions entry after a reload —
// where it was kept from the answer to Run step alone and gone once the tab was left.
import { useQuery } from "@tanstack/react-query";
import { runStepQueryOptions } from "@/components/editor/api";
import type { RunOverview } from "@/lib/editor/api-types";
import { TESTING_DATA_NOTE } from "@/lib/runs/pick-step-test-source";

type ShownRun = Pick<RunOverview, "id" | "scope" | "targetStepId" | "steps">;

/** Whether `run`, a test of step `stepId` alone, had the Testing data as step 1's output. Step 1's
 *  record (its output and log) is read only when it can be so: a copy of a run's output keeps
 *  that run's times, and a step 1 that ran has them; Testing data never ran. */
export function useFromTestingData(run: ShownRun | undefined, stepId: string): boolean {
  const first = run?.steps.find((s) => s.number === 1);
  const maybe = !!run && run.scope === "step" && run.targetStepId === stepId && first?.status === "succeeded" && !first.startedAt;
  const record = useQuery({ ...runStepQueryOptions(run?.id ?? "", first?.stepId ?? ""), enabled: maybe });
  const logs = record.data?.logs;
  return maybe && Array.isArray(logs) && logs[0] === TESTING_DATA_NOTE;
}

/** "Step 1's output is its Testing data (no run had one yet)." under a step test's result. */
export function TestingDataNote({ run, stepId }: { run: ShownRun | undefined; stepId: string }) {
  return useFromTestingData(run, stepId) ? <p className="text-xs text-slate-600">{TESTING_DATA_NOTE}.</p> : null;
}
