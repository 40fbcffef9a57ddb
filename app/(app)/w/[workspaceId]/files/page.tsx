// Files of a workspace (scripts, templates) that steps read as {{ files.NAME }}.
import type { Metadata } from "next";
import { FilesManager } from "@/components/resources/files-manager";
import { loadWorkspacePage } from "@/components/resources/load-workspace-page";
import { PageHeader } from "@/components/resources/page-header";
import { ViewOnlyNote } from "@/components/resources/view-only-note";
import { listFiles } from "@/lib/files/list-files";

export const metadata: Metadata = { title: "Files · MSP Flow" };

export default async function FilesPage({ params }: { params: Promise<{ workspaceId: string }> }) {
  const { workspaceId } = await params;
  const { user, workspace, canEdit } = await loadWorkspacePage(workspaceId);
  const files = await listFiles({ workspaceId, userId: user.id });
  return (
    <div className="mx-auto max-w-5xl px-6 py-8">
      <PageHeader title="Files" subtitle={`${workspace.name} · up to 10 MB each`} />
      <ViewOnlyNote role={workspace.role} needs="editor" workspaceName={workspace.name} what="uploads and deletes its files" />
      <FilesManager workspaceId={workspaceId} files={files} canEdit={canEdit} />
    </div>
  );
}
