// What every workspace resource page needs first: the signed-in user, the workspace as they
// see it and their role; a workspace they cannot see is Next's 404 page.
import { notFound } from "next/navigation";
import { requireCurrentUser } from "@/components/auth/current-user";
import { listAccessibleWorkspaces } from "@/lib/workspaces/access";

export async function loadWorkspacePage(workspaceId: string) {
  const user = await requireCurrentUser();
  const workspace = (await listAccessibleWorkspaces(user.id)).find((w) => w.id === workspaceId);
  if (!workspace) notFound();
  return { user, workspace, canEdit: workspace.role !== "viewer" };
}
