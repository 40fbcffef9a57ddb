import { apiRoute } from "@/lib/api/handler";
import { parseLimit } from "@/lib/api/parse-limit";
import { listRuns } from "@/lib/runs/list-runs";

export const GET = apiRoute<{ workflowId: string }>(({ req, params, user }) =>
  listRuns({ workflowId: params.workflowId, userId: user.id, limit: parseLimit(req.url) }),
);
