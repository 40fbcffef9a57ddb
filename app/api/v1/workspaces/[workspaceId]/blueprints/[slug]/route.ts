// Installs a blueprint as a Draft workflow: {"setup": {…}, "connections"?: {app: id}, "name"?}.
import { apiRoute, readJson } from "@/lib/api/handler";
import { installBlueprint, installBlueprintInput } from "@/lib/blueprints/install-blueprint";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

type Params = { workspaceId: string; slug: string };

export const POST = apiRoute<Params>(
  async ({ req, params, user }) => {
    await requireWorkspaceRole(user.id, params.workspaceId, "editor");
    return installBlueprint({ workspaceId: params.workspaceId, userId: user.id, slug: params.slug, input: await readJson(req, installBlueprintInput) });
  },
  { status: 201 },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
