// POST: the client confirms it reviewed the pushed configuration (one checklist item).
import { apiRoute } from "@/lib/api/handler";
import { confirmReview } from "@/lib/push/confirm-review";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const POST = apiRoute<{ workflowId: string }>(({ params, user }) => confirmReview({ workflowId: params.workflowId, user }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
