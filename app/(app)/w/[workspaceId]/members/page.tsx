// A workspace's members, and (owners) adding people, invitation links, roles, removal, renaming
// the workspace.
import type { Metadata } from "next";
import { loadWorkspacePage } from "@/components/resources/load-workspace-page";
import { PageHeader } from "@/components/resources/page-header";
import { ViewOnlyNote } from "@/components/resources/view-only-note";
import { InvitationsManager } from "@/components/workspace/invitations-manager";
import { MembersManager } from "@/components/workspace/members-manager";
import { RenameWorkspaceButton } from "@/components/workspace/rename-workspace-button";
import { listInvitations } from "@/lib/invitations/list-invitations";
import { listMembers } from "@/lib/members/list-members";
import { workspaceRole } from "@/lib/workspaces/access";

export const metadata: Metadata = { title: "Members · MSP Flow" };

export default async function MembersPage({ params }: { params: Promise<{ workspaceId: string }> }) {
  const { workspaceId } = await params;
  const { user, workspace } = await loadWorkspacePage(workspaceId);
  const { members, provider } = await listMembers({ workspaceId, userId: user.id });
  const owner = workspace.role === "owner";
  // A client is named by its provider's owners (lib/workspaces/rename-workspace.ts).
  const canRename = workspace.providerId ? (await workspaceRole(user.id, workspace.providerId)) === "owner" : owner;
  const invitations = owner ? (await listInvitations({ workspaceId, userId: user.id })).invitations : [];
  const subtitle =
    workspace.kind === "provider"
      ? `${workspace.name} · your technicians; each works in every client with the role given here`
      : `${workspace.name} · people of this client${provider ? `; members of ${provider.name} also work here with their provider role` : ""}`;
  return (
    <div className="mx-auto max-w-4xl px-6 py-8">
      <PageHeader title="Members" subtitle={subtitle}>
        {canRename && <RenameWorkspaceButton workspaceId={workspaceId} name={workspace.name} />}
      </PageHeader>
      <ViewOnlyNote role={workspace.role} needs="owner" workspaceName={workspace.name} what="adds members, changes their roles and makes invitation links" />
      <MembersManager workspaceId={workspaceId} workspaceName={workspace.name} members={members} provider={provider} canManage={owner} currentUserId={user.id} />
      {owner && (
        <div className="mt-8">
          <InvitationsManager workspaceId={workspaceId} workspaceName={workspace.name} invitations={invitations} />
        </div>
      )}
    </div>
  );
}
