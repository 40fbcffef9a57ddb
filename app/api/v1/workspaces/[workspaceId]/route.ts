// PATCH {"name"}: rename the workspace (owner) → the workspace as GET /api/v1/workspaces lists it.
// DELETE: delete a client workspace and everything in it (the provider's owners) → 204.
import { apiRoute, readJson } from "@/lib/api/handler";
import { WorkspaceNameBody } from "@/lib/members/member-schema";
import { deleteClientWorkspace } from "@/lib/workspaces/delete-client-workspace";
import { renameWorkspace } from "@/lib/workspaces/rename-workspace";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export const PATCH = apiRoute<{ workspaceId: string }>(async ({ req, params, user }) => {
  await requireWorkspaceRole(user.id, params.workspaceId, "owner");
  const { name } = await readJson(req, WorkspaceNameBody);
  return renameWorkspace({ workspaceId: params.workspaceId, name, actor: user });
});

export const DELETE = apiRoute<{ workspaceId: string }>(async ({ params, user }) => {
  await deleteClientWorkspace({ workspaceId: params.workspaceId, actor: user });
});

export const { GET, POST, PUT, OPTIONS } = methodNotAllowed(["PATCH", "DELETE"]);
