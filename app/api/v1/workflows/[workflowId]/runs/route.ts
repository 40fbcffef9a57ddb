// GET ?limit=&before=: the workflow's runs, newest first; `before` is the answer's `nextBefore`
// (lib/workflows/deliveries-cursor.ts) for the page after it.
import { apiRoute } from "@/lib/api/handler";
import { parseLimit } from "@/lib/api/parse-limit";
import { listRuns } from "@/lib/runs/list-runs";
import { parseDeliveriesCursor } from "@/lib/workflows/deliveries-cursor";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const GET = apiRoute<{ workflowId: string }>(({ req, params, user }) =>
  listRuns({
    workflowId: params.workflowId,
    userId: user.id,
    limit: parseLimit(req.url),
    before: parseDeliveriesCursor(new URL(req.url).searchParams.get("before")),
  }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
