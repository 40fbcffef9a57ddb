// The workspaces the caller may use: the provider first, then its clients (see lib/workspaces/access.ts).
import { apiRoute } from "@/lib/api/handler";
import { listAccessibleWorkspaces } from "@/lib/workspaces/access";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const GET = apiRoute(async ({ user }) => ({
  workspaces: await listAccessibleWorkspaces(user.id),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
