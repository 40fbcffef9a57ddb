// The client review checklist of a pushed copy ({"pushed": false} for any other workflow).
import { apiRoute } from "@/lib/api/handler";
import { getClientReview } from "@/lib/push/get-client-review";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const GET = apiRoute<{ workflowId: string }>(({ params, user }) => getClientReview({ workflowId: params.workflowId, userId: user.id }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
