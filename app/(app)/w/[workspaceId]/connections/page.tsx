// App accounts of a workspace, per app of the catalog.
import type { Metadata } from "next";
import { ConnectionsManager } from "@/components/resources/connections-manager";
import { loadWorkspacePage } from "@/components/resources/load-workspace-page";
import { PageHeader } from "@/components/resources/page-header";
import { listConnections } from "@/lib/connections/list-connections";

export const metadata: Metadata = { title: "App connections · MSP Flow" };

export default async function ConnectionsPage({ params, searchParams }: { params: Promise<{ workspaceId: string }>; searchParams: Promise<{ app?: string | string[] }> }) {
  const { workspaceId } = await params;
  const { app } = await searchParams;
  const { user, workspace, canEdit } = await loadWorkspacePage(workspaceId);
  const connections = await listConnections({ workspaceId, userId: user.id });
  return (
    <div className="mx-auto max-w-5xl px-6 py-8">
      <PageHeader title="App connections" subtitle={`${workspace.name} · accounts that HTTP Request and AI Prompt steps use`} />
      <ConnectionsManager workspaceId={workspaceId} connections={connections} canEdit={canEdit} initialApp={typeof app === "string" ? app : undefined} />
    </div>
  );
}
