"use client";
// Stop run / Run again on a row of the Runs page. Stop shows on the row at once (the page's next
// refresh agrees); Run again refreshes the list, where the new run is at the top when the filters
// let it in, and links to it in the editor (the trigger's Executions, opened on that run) anyway.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { api } from "@/components/editor/api";
import { RunActionButtons } from "@/components/runs/run-action-buttons";
import type { RunView, WorkflowView } from "@/lib/editor/api-types";
import type { WorkspaceRunSummary } from "@/lib/runs/list-workspace-runs";

export function RunRowActions({ run, onStopped }: { run: WorkspaceRunSummary; onStopped: (view: RunView) => void }) {
  const router = useRouter();
  const editor = `/w/${run.workspaceId}/workflows/${run.workflowId}`;
  return (
    <RunActionButtons
      run={run}
      after={async (verb, view) => {
        router.refresh();
        if (verb === "stop") {
          onStopped(view);
          return "Run stopped.";
        }
        // The editor opens on a run through a step of it: the trigger's, which every run has.
        // Without it (the workflow could not be read just now) the link still opens the workflow.
        const trigger = await api<WorkflowView>(`/api/v1/workflows/${run.workflowId}`).then((w) => w.steps[0]?.id, () => undefined);
        const href = trigger ? `${editor}?step=${encodeURIComponent(trigger)}&run=${encodeURIComponent(view.id)}` : editor;
        return (
          <>
            Started a new test run with this payload.{" "}
            <Link href={href} className="font-medium text-brand-700 hover:underline">
              Open the new run
            </Link>
          </>
        );
      }}
      // Refused (a run that ended meanwhile, say): the row shows how it stands now.
      failed={() => router.refresh()}
    />
  );
}
