import { apiRoute } from "@/lib/api/handler";
import { parseLimit } from "@/lib/api/parse-limit";
import { listDeliveries } from "@/lib/workflows/list-deliveries";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const GET = apiRoute<{ workflowId: string }>(({ req, params, user }) =>
  listDeliveries({ workflowId: params.workflowId, userId: user.id, limit: parseLimit(req.url) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
