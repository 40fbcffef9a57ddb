// The workspaces the caller may use: the provider first, then its clients (see lib/workspaces/access.ts).
import { apiRoute } from "@/lib/api/handler";
import { listAccessibleWorkspaces } from "@/lib/workspaces/access";

export const GET = apiRoute(async ({ user }) => ({
  workspaces: await listAccessibleWorkspaces(user.id),
}));
