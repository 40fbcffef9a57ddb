// POST {"name"}: add a client workspace to this provider workspace (provider owner) → 201.
import { apiRoute, readJson } from "@/lib/api/handler";
import { WorkspaceNameBody } from "@/lib/members/member-schema";
import { createClientWorkspace } from "@/lib/workspaces/create-client-workspace";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export const POST = apiRoute<{ workspaceId: string }>(
  async ({ req, params, user }) => {
    await requireWorkspaceRole(user.id, params.workspaceId, "owner");
    const { name } = await readJson(req, WorkspaceNameBody);
    return createClientWorkspace({ providerId: params.workspaceId, name, actor: user });
  },
  { status: 201 },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
