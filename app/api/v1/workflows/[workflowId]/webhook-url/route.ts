import { apiRoute } from "@/lib/api/handler";
import { rotateWebhookUrl } from "@/lib/workflows/rotate-webhook-url";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

// 200 {"webhookUrl", "workflow"}; 409 workflow_not_live in Draft, no_webhook_trigger without one.
export const POST = apiRoute<{ workflowId: string }>(({ params, user }) => rotateWebhookUrl({ workflowId: params.workflowId, userId: user.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
