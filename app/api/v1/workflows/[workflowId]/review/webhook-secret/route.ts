// PUT {"sharedSecret": string} | {"acceptUnsigned": true}: resolve the review's webhook secret item.
import { apiRoute, readJson } from "@/lib/api/handler";
import { setReviewWebhookSecret, webhookSecretChoice } from "@/lib/push/set-review-webhook-secret";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { requireWorkflowRole } from "@/lib/workflows/require-workflow-role";

export const PUT = apiRoute<{ workflowId: string }>(async ({ req, params, user }) => {
  await requireWorkflowRole({ workflowId: params.workflowId, userId: user.id, role: "editor" });
  const choice = await readJson(req, webhookSecretChoice);
  return setReviewWebhookSecret({ workflowId: params.workflowId, choice, user });
});

export const { GET, POST, PATCH, DELETE, OPTIONS } = methodNotAllowed(["PUT"]);
