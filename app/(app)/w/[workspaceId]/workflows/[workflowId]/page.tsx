// The workflow editor at /w/{workspaceId}/workflows/{workflowId}, inside the workspace shell.
// Everything on it talks to /api/v1 from the browser (react-query); this page only mounts it.
// ?step=<stepId>&run=<runId> (links from the Runs page) opens on that step's execution of that run.
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { WorkflowEditor } from "@/components/editor/workflow-editor";
import { loadWorkspacePage } from "@/components/resources/load-workspace-page";
import { workflowPageTitle } from "@/components/resources/workflow-page-title";
import { findWorkflowWorkspace } from "@/lib/workflows/find-workflow-workspace";

type Props = { params: Promise<{ workspaceId: string; workflowId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workflowId } = await params;
  return { title: await workflowPageTitle(workflowId, (name) => `${name} · Workflow editor · MSP Flow`, "Workflow editor · MSP Flow") };
}

export default async function WorkflowEditorPage({ params, searchParams }: Props) {
  const { workspaceId, workflowId } = await params;
  const { step, run } = await searchParams;
  const { user, canEdit } = await loadWorkspacePage(workspaceId);
  // The role that counts is in the workflow's own workspace (and its accounts, variables and files
  // are that workspace's): a link naming another workspace of the user is sent to the right one.
  const home = await findWorkflowWorkspace({ workflowId, userId: user.id });
  // Unknown (or not shared): a real 404, shown by not-found.tsx beside this page.
  if (!home) notFound();
  if (home !== workspaceId) {
    const query = new URLSearchParams(Object.entries({ step, run }).filter((e): e is [string, string] => typeof e[1] === "string")).toString();
    redirect(`/w/${home}/workflows/${workflowId}${query ? `?${query}` : ""}`);
  }
  const focus = typeof step === "string" && typeof run === "string" ? { stepId: step, runId: run } : null;
  return <WorkflowEditor workspaceId={workspaceId} workflowId={workflowId} focus={focus} readOnly={!canEdit} />;
}
