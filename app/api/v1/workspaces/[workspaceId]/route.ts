// PATCH {"name"}: rename the workspace (owner) → the workspace as GET /api/v1/workspaces lists it.
import { apiRoute, readJson } from "@/lib/api/handler";
import { WorkspaceNameBody } from "@/lib/members/member-schema";
import { renameWorkspace } from "@/lib/workspaces/rename-workspace";

export const PATCH = apiRoute<{ workspaceId: string }>(async ({ req, params, user }) => {
  const { name } = await readJson(req, WorkspaceNameBody);
  return renameWorkspace({ workspaceId: params.workspaceId, name, actor: user });
});
