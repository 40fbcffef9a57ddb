// The workflow editor at /w/{workspaceId}/workflows/{workflowId}, inside the workspace shell.
// Everything on it talks to /api/v1 from the browser (react-query); this page only mounts it.
import type { Metadata } from "next";
import { WorkflowEditor } from "@/components/editor/workflow-editor";

export const metadata: Metadata = { title: "Workflow editor · MSP Flow" };

type Props = { params: Promise<{ workspaceId: string; workflowId: string }> };

export default async function WorkflowEditorPage({ params }: Props) {
  const { workspaceId, workflowId } = await params;
  return <WorkflowEditor workspaceId={workspaceId} workflowId={workflowId} />;
}
