// The workflow editor at /w/{workspaceId}/workflows/{workflowId}, inside the workspace shell.
// Everything on it talks to /api/v1 from the browser (react-query); this page only mounts it.
// ?step=<stepId>&run=<runId> (links from the Runs page) opens on that step's execution of that run.
import type { Metadata } from "next";
import { WorkflowEditor } from "@/components/editor/workflow-editor";
import { loadWorkspacePage } from "@/components/resources/load-workspace-page";

export const metadata: Metadata = { title: "Workflow editor · MSP Flow" };

type Props = { params: Promise<{ workspaceId: string; workflowId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function WorkflowEditorPage({ params, searchParams }: Props) {
  const { workspaceId, workflowId } = await params;
  const { step, run } = await searchParams;
  const { canEdit } = await loadWorkspacePage(workspaceId);
  const focus = typeof step === "string" && typeof run === "string" ? { stepId: step, runId: run } : null;
  return <WorkflowEditor workspaceId={workspaceId} workflowId={workflowId} focus={focus} readOnly={!canEdit} />;
}
