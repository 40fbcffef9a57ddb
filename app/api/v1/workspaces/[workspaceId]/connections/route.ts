// A workspace's app accounts (GET, optional ?app=KEY) and creating one (POST, 201).
// Credentials are accepted on write only and never returned.
import { apiRoute, readJson } from "@/lib/api/handler";
import { createConnectionSchema } from "@/lib/connections/connection-input";
import { createWorkspaceConnection } from "@/lib/connections/create-workspace-connection";
import { listConnections } from "@/lib/connections/list-connections";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

type P = { workspaceId: string };

export const GET = apiRoute<P>(async ({ req, params, user }) => ({
  connections: await listConnections({ workspaceId: params.workspaceId, userId: user.id, app: new URL(req.url).searchParams.get("app") ?? undefined }),
}));

export const POST = apiRoute<P>(
  async ({ req, params, user }) => {
    await requireWorkspaceRole(user.id, params.workspaceId, "editor");
    return { connection: await createWorkspaceConnection({ workspaceId: params.workspaceId, userId: user.id, input: await readJson(req, createConnectionSchema) }) };
  },
  { status: 201 },
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);
