"use client";
// Stop a run that has not ended (queued, running, or waiting on a Wait step or a retry), or run
// the workflow again with a run's trigger payload (a new test run that appears at the top).
// Editors only: a viewer's editor shows neither.
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { api, keys } from "@/components/editor/api";
import { useEditor } from "@/components/editor/editor-context";
import { useWorkflowActions } from "@/components/editor/use-workflow-actions";
import { buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TERMINAL_RUN_STATUSES, type RunView } from "@/lib/editor/api-types";

export function RunActions({ run }: { run: RunView }) {
  const { workflowId, readOnly } = useEditor();
  const qc = useQueryClient();
  const { flush } = useWorkflowActions();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState(false);
  if (readOnly) return null;
  const ended = TERMINAL_RUN_STATUSES.includes(run.status);

  const act = async (verb: "stop" | "rerun") => {
    setBusy(true);
    setError(null);
    try {
      // Run again runs the workflow as the editor shows it: the edits of the last moments first.
      if (verb === "rerun") await flush();
      const view = await api<RunView>(`/api/v1/runs/${run.id}/${verb}`, { method: "POST" });
      qc.setQueryData(keys.run(view.id), view);
      await qc.invalidateQueries({ queryKey: keys.runs(workflowId) });
      if (verb === "rerun") setStarted(true);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      {ended ? (
        <button type="button" className={buttonClass("secondary", "sm")} disabled={busy} onClick={() => void act("rerun")}>
          Run again
        </button>
      ) : (
        <ConfirmDialog
          trigger={
            <button type="button" className={buttonClass("secondary", "sm")} disabled={busy}>
              Stop run
            </button>
          }
          title="Stop this run?"
          description="The steps it has not reached will not run, and a Wait it is parked on ends now. A step executing at this moment finishes (a request already sent is not undone)."
          confirmLabel="Stop run"
          onConfirm={() => void act("stop")}
          destructive
        />
      )}
      {started && (
        <span role="status" className="text-xs text-slate-600">
          Started a new test run with this payload: it is at the top of the list.
        </span>
      )}
      {error && (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      )}
    </div>
  );
}
