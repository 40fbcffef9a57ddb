// A provider's client workspaces (a client workspace has none: 404).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { loadWorkspacePage } from "@/components/resources/load-workspace-page";
import { PageHeader } from "@/components/resources/page-header";
import { ViewOnlyNote } from "@/components/resources/view-only-note";
import { ClientsManager } from "@/components/workspace/clients-manager";
import { listAccessibleWorkspaces } from "@/lib/workspaces/access";

export const metadata: Metadata = { title: "Clients · MSP Flow" };

export default async function ClientsPage({ params }: { params: Promise<{ workspaceId: string }> }) {
  const { workspaceId } = await params;
  const { user, workspace } = await loadWorkspacePage(workspaceId);
  if (workspace.kind !== "provider") notFound();
  const clients = (await listAccessibleWorkspaces(user.id)).filter((w) => w.providerId === workspaceId);
  return (
    <div className="mx-auto max-w-4xl px-6 py-8">
      <PageHeader title="Clients" subtitle={`${workspace.name} · the customers you push workflows to`} />
      <ViewOnlyNote role={workspace.role} needs="owner" workspaceName={workspace.name} what="adds and deletes its clients" />
      <ClientsManager providerId={workspaceId} clients={clients} canManage={workspace.role === "owner"} />
    </div>
  );
}
