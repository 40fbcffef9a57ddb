"use client";
// Go live / Unpublish / Generate a new URL / Run step: each saves pending edits first, so the
// server acts on what the user sees, then takes the server's answer as the new state.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, keys } from "@/components/editor/api";
import { useEditor } from "@/components/editor/editor-context";
import type { RunView, WorkflowView } from "@/lib/editor/api-types";

export function useWorkflowActions() {
  const { workflowId, doc } = useEditor();
  const qc = useQueryClient();

  const flush = async () => {
    await doc.saveNow();
    if (doc.problems.length) throw new Error(`fix step ${doc.problems[0].number} first: ${doc.problems[0].message}`);
  };

  const setMode = useMutation({
    mutationFn: async (mode: "live" | "draft") => {
      if (mode === "live") await flush();
      return api<WorkflowView>(`/api/v1/workflows/${workflowId}/${mode}`, { method: "POST" });
    },
    onSuccess: (w) => doc.acceptServer(w),
  });

  const rotateUrl = useMutation({
    mutationFn: () => api<{ webhookUrl: string; workflow: WorkflowView }>(`/api/v1/workflows/${workflowId}/webhook-url`, { method: "POST" }),
    onSuccess: (r) => doc.acceptServer(r.workflow),
  });

  const runTest = useMutation({
    mutationFn: async (scope: "step" | "workflow") => {
      await flush();
      return api<{ run: RunView }>(`/api/v1/workflows/${workflowId}/steps/1/test`, { method: "POST", body: { scope } });
    },
    onSuccess: ({ run }) => {
      qc.setQueryData(keys.run(run.id), run);
      void qc.invalidateQueries({ queryKey: keys.runs(workflowId) });
    },
  });

  // Run step on a step after the trigger: only that step, against the earlier steps' latest outputs.
  const runStepTest = useMutation({
    mutationFn: async (number: number) => {
      await flush();
      return api<{ run: RunView }>(`/api/v1/workflows/${workflowId}/steps/${number}/test`, { method: "POST" });
    },
    onSuccess: ({ run }) => {
      qc.setQueryData(keys.run(run.id), run);
      void qc.invalidateQueries({ queryKey: keys.runs(workflowId) });
    },
  });

  return { setMode, rotateUrl, runTest, runStepTest };
}
