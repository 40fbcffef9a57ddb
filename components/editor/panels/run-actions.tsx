"use client";
// Stop run / Run again on an execution of the editor (components/runs/run-action-buttons.tsx):
// Run again first saves the last moments' edits, and both refresh the Executions list. Editors
// only: a viewer's editor shows neither.
import { useQueryClient } from "@tanstack/react-query";
import { keys } from "@/components/editor/api";
import { useEditor } from "@/components/editor/editor-context";
import { useWorkflowActions } from "@/components/editor/use-workflow-actions";
import { RunActionButtons } from "@/components/runs/run-action-buttons";
import type { RunOverview } from "@/lib/editor/api-types";

/** `onRunStarted`: Run again's new run was listed (the list refetched); a list held still while
 *  it is read shows it at once, as the message promises. */
export function RunActions({ run, onRunStarted }: { run: RunOverview; onRunStarted?: () => void }) {
  const { workflowId, readOnly } = useEditor();
  const qc = useQueryClient();
  const { flush } = useWorkflowActions();
  if (readOnly) return null;
  return (
    <RunActionButtons
      run={run}
      // Run again runs the workflow as the editor shows it: the edits of the last moments first.
      before={(verb) => (verb === "rerun" ? flush() : Promise.resolve())}
      after={async (verb, view) => {
        qc.setQueryData(keys.run(view.id), view);
        // The canvas's statuses and Workflow data read the run without its data: read again now.
        await qc.invalidateQueries({ queryKey: keys.runOverview(view.id) });
        await qc.invalidateQueries({ queryKey: keys.runs(workflowId) });
        if (verb === "rerun") onRunStarted?.();
        return verb === "rerun" ? "Started a new test run with this payload: it is at the top of the list." : null;
      }}
    />
  );
}
