// A workspace's workflows: search, sort (kept in the URL: `?sort=name`, read here so the first
// render is in that order), Draft/Live, last run, create / rename / duplicate / delete. Rendered
// on the server with the same data GET /api/v1/workspaces/{ws}/workflows returns, then kept
// fresh in the browser (components/workflows/workflows-list.tsx).
import type { Metadata } from "next";
import { loadWorkspacePage } from "@/components/resources/load-workspace-page";
import { PageHeader } from "@/components/resources/page-header";
import { WorkflowsList } from "@/components/workflows/workflows-list";
import { WorkspaceTabs } from "@/components/workflows/workspace-tabs";
import { parseWorkflowSort } from "@/lib/workflow-list/sort-workflows";
import { listWorkflows } from "@/lib/workflows/list-workflows";

export const metadata: Metadata = { title: "Workflows · MSP Flow" };

type Props = { params: Promise<{ workspaceId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function WorkflowsPage({ params, searchParams }: Props) {
  const { workspaceId } = await params;
  const sort = parseWorkflowSort((await searchParams).sort);
  const { user, workspace, canEdit } = await loadWorkspacePage(workspaceId);
  const { workflows } = await listWorkflows({ workspaceId, userId: user.id });
  return (
    <div className="mx-auto max-w-5xl px-6 py-8">
      <PageHeader title="Workflows" subtitle={`${workspace.name} · ${workspace.kind === "provider" ? "Provider workspace" : "Client workspace"}`} />
      <WorkspaceTabs workspaceId={workspaceId} current="workflows" />
      <WorkflowsList workspaceId={workspaceId} canEdit={canEdit} initial={workflows} sort={sort} />
    </div>
  );
}
