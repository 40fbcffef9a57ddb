"use client";
// Go live / Run step: each saves pending edits first, so the server acts on what the user sees,
// then takes the server's answer as the new state. `flush` is that first part, for other actions
// on the workflow as it is now (Run again). Unpublish and Generate a new URL only wait for a save
// under way (a Live workflow's unfinished step, say, saves once back in Draft). Each tells the
// server which version (and step) it means: a save from elsewhere since is refused (409
// workflow_changed) and shown as the conflict banner, naming who saved, instead of going Live
// with, running, or unpublishing steps this editor never showed (another step now numbered 3, a
// GET turned DELETE, a colleague's fix just re-published).
import { useEffect, useRef } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ApiError, keys } from "@/components/editor/api";
import { useEditor } from "@/components/editor/editor-context";
import { SAVED_ELSEWHERE } from "@/components/editor/use-editor-document";
import { getUnparsedJson } from "@/components/editor/unparsed-json";
import type { RunView, WorkflowView } from "@/lib/editor/api-types";
import { blockingProblems, describeProblem } from "@/lib/editor/check-steps";

/** The mutations of the user's own Go live / Unpublish ("mode") and Generate a new URL ("url"),
 *  here or in the header: the webhook panel says what they did, and not what a poll brings. */
export const userChangeKey = (workflowId: string, what?: "mode" | "url") => ["workflow", workflowId, "user-change", ...(what ? [what] : [])];

export function useWorkflowActions() {
  const { workflowId, doc, steps, select } = useEditor();
  const qc = useQueryClient();

  // What the server would act on must be what the fields show: text that does not parse yet is
  // not in the document, and a problem that stops the save leaves the server's copy behind.
  // Unfinished steps are saved in Draft; the server answers for them (409 on go Live, a failed
  // step on a run).
  const flush = async () => {
    const unparsed = getUnparsedJson().find((u) => steps.some((s) => s.id === u.stepId));
    if (unparsed) {
      const n = steps.findIndex((s) => s.id === unparsed.stepId) + 1;
      throw new Error(`fix step ${n} first: ${unparsed.label} is not valid JSON`);
    }
    const [held] = blockingProblems(doc.problems, doc.server.mode === "live");
    if (held) throw new Error(`fix ${describeProblem(held)} first`);
    const saved = await doc.saveNow();
    if (!saved.ok) throw new Error(saved.message);
  };

  // Sends an action that names the version it acts on; refused for a newer save, the banner.
  const onVersion = async <T,>(send: () => Promise<T>): Promise<T> => {
    try {
      return await send();
    } catch (e) {
      if (!(e instanceof ApiError && e.code === "workflow_changed")) throw e;
      doc.savedElsewhere(e.body);
      throw new Error(SAVED_ELSEWHERE);
    }
  };

  const setMode = useMutation({
    mutationKey: userChangeKey(workflowId, "mode"),
    mutationFn: async (mode: "live" | "draft") => {
      if (mode === "draft") {
        await doc.settled();
        return onVersion(() => api<WorkflowView>(`/api/v1/workflows/${workflowId}/draft`, { method: "POST", body: { version: doc.seenVersion() } }));
      }
      await flush();
      return onVersion(() => api<WorkflowView>(`/api/v1/workflows/${workflowId}/live`, { method: "POST", body: { version: doc.seenVersion() } }));
    },
    onSuccess: (w) => doc.acceptServer(w),
    // Refused for a step (unfinished, a bad definition): show that step.
    onError: (e) => {
      const stepId = e instanceof ApiError ? e.body.stepId : undefined;
      if (typeof stepId === "string") select(stepId);
    },
  });

  // A refused Go live (or Unpublish) speaks of the steps as they were then: once a save changes
  // them (the cause fixed, or not), its message is no longer about this workflow, and it goes.
  // Compared as text: a poll or a rename brings the same steps back as new objects.
  const savedSteps = doc.server.steps;
  const refusedWith = useRef<string | null>(null);
  const { isError: refused, reset: forgetRefusal } = setMode;
  useEffect(() => {
    if (!refused) {
      refusedWith.current = null;
      return;
    }
    const now = JSON.stringify(savedSteps);
    if (refusedWith.current === null) refusedWith.current = now;
    else if (refusedWith.current !== now) forgetRefusal();
  }, [refused, savedSteps, forgetRefusal]);

  const rotateUrl = useMutation({
    mutationKey: userChangeKey(workflowId, "url"),
    mutationFn: async () => {
      await doc.settled();
      return onVersion(() => api<{ webhookUrl: string; workflow: WorkflowView }>(`/api/v1/workflows/${workflowId}/webhook-url`, { method: "POST", body: { version: doc.seenVersion() } }));
    },
    onSuccess: (r) => doc.acceptServer(r.workflow),
  });

  // `before` runs once the test may start (saved, nothing refused) and before it is asked for:
  // Test & Debug stops the test it follows there, so a refused Run step stops nothing.
  const runTest = useMutation({
    mutationFn: async ({ scope, before }: { scope: "step" | "workflow"; before?: () => Promise<void> }) => {
      await flush();
      await before?.();
      const body = { scope, version: doc.seenVersion(), stepId: steps[0]?.id };
      return onVersion(() => api<{ run: RunView }>(`/api/v1/workflows/${workflowId}/steps/1/test`, { method: "POST", body }));
    },
    onSuccess: ({ run }) => {
      qc.setQueryData(keys.run(run.id), run);
      void qc.invalidateQueries({ queryKey: keys.runs(workflowId) });
    },
  });

  // Run step on a step after the trigger: only that step, against the earlier steps' latest outputs
  // (or those of `fromRunId`, a run being debugged).
  const runStepTest = useMutation({
    mutationFn: async ({ number, before, fromRunId }: { number: number; before?: () => Promise<void>; fromRunId?: string }) => {
      // The step shown as that number when Run step was pressed: the server refuses another one.
      const stepId = steps[number - 1]?.id;
      await flush();
      await before?.();
      const body = { version: doc.seenVersion(), stepId, ...(fromRunId ? { fromRunId } : {}) };
      return onVersion(() => api<{ run: RunView }>(`/api/v1/workflows/${workflowId}/steps/${number}/test`, { method: "POST", body }));
    },
    onSuccess: ({ run }) => {
      qc.setQueryData(keys.run(run.id), run);
      void qc.invalidateQueries({ queryKey: keys.runs(workflowId) });
    },
  });

  return { setMode, rotateUrl, runTest, runStepTest, flush };
}
