import { apiRoute, readJson } from "@/lib/api/handler";
import { rotateWebhookUrl, rotateWebhookUrlInputSchema } from "@/lib/workflows/rotate-webhook-url";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { requireWorkflowRole } from "@/lib/workflows/require-workflow-role";

// 200 {"webhookUrl", "workflow"}; 409 workflow_not_live in Draft, no_webhook_trigger without one.
// The body is optional and read like /live's: {"version"} (a save since is a 409 workflow_changed);
// another field or a body that is not JSON is a 400.
export const POST = apiRoute<{ workflowId: string }>(async ({ req, params, user }) => {
  await requireWorkflowRole({ workflowId: params.workflowId, userId: user.id, role: "editor" });
  const { version } = await readJson(req, rotateWebhookUrlInputSchema);
  return rotateWebhookUrl({ workflowId: params.workflowId, userId: user.id, version });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
