// GET ?status=&clients=true&days=&workflowId=&q=&before=&limit=: recent runs across the workspace's
// workflows (with clients=true, a provider's clients' too), newest first; `nextBefore` continues.
import { apiRoute } from "@/lib/api/handler";
import { parseLimit } from "@/lib/api/parse-limit";
import { listWorkspaceRuns, WorkspaceRunsQuery } from "@/lib/runs/list-workspace-runs";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const GET = apiRoute<{ workspaceId: string }>(({ req, params, user }) => {
  const query = WorkspaceRunsQuery.parse(Object.fromEntries(new URL(req.url).searchParams));
  return listWorkspaceRuns({ workspaceId: params.workspaceId, userId: user.id, limit: parseLimit(req.url, { fallback: 50, max: 200 }), ...query });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
