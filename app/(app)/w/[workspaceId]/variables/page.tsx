// Variables and secrets of a workspace.
import type { Metadata } from "next";
import { loadWorkspacePage } from "@/components/resources/load-workspace-page";
import { PageHeader } from "@/components/resources/page-header";
import { ViewOnlyNote } from "@/components/resources/view-only-note";
import { VariablesManager } from "@/components/resources/variables-manager";
import { listVariables } from "@/lib/variables/list-variables";

export const metadata: Metadata = { title: "Variables & secrets · MSP Flow" };

export default async function VariablesPage({ params }: { params: Promise<{ workspaceId: string }> }) {
  const { workspaceId } = await params;
  const { user, workspace, canEdit } = await loadWorkspacePage(workspaceId);
  const variables = await listVariables({ workspaceId, userId: user.id });
  return (
    <div className="mx-auto max-w-5xl px-6 py-8">
      <PageHeader title="Variables & secrets" subtitle={`${workspace.name} · secrets are encrypted and never shown again`} />
      <ViewOnlyNote role={workspace.role} needs="editor" workspaceName={workspace.name} what="adds, sets and deletes its variables and secrets" />
      <VariablesManager workspaceId={workspaceId} variables={variables} canEdit={canEdit} />
    </div>
  );
}
