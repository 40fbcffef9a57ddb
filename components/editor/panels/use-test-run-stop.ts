"use client";
// Stop for the test run Test & Debug follows: the POST /api/v1/runs/{id}/stop that Executions'
// Stop run sends (run-action-buttons.tsx), then the run read again so the Result reads stopped.
// Used for the panel's Stop, and before a new Run step / Run whole workflow: a test waiting an
// hour on a third party's Retry-After kept re-sending its request after it was superseded.
import { useCallback } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { ApiError, keys } from "@/components/editor/api";
import { postRunAction } from "@/components/runs/run-action-buttons";

/** Resolves once the run has ended: stopped now, or already ended (409 run_finished). */
export function useTestRunStop(workflowId: string) {
  const qc = useQueryClient();
  return useCallback(
    async (runId: string) => {
      try {
        await postRunAction(runId, "stop");
      } catch (e) {
        if (!(e instanceof ApiError && e.code === "run_finished")) throw e;
      }
      await qc.invalidateQueries({ queryKey: keys.runOverview(runId) });
      await qc.invalidateQueries({ queryKey: keys.runs(workflowId) });
    },
    [qc, workflowId],
  );
}
