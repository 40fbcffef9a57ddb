// PUT {"sharedSecret": string} | {"acceptUnsigned": true}: resolve the review's webhook secret item.
import { apiRoute, readJson } from "@/lib/api/handler";
import { setReviewWebhookSecret, webhookSecretChoice } from "@/lib/push/set-review-webhook-secret";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const PUT = apiRoute<{ workflowId: string }>(async ({ req, params, user }) => {
  const choice = await readJson(req, webhookSecretChoice);
  return setReviewWebhookSecret({ workflowId: params.workflowId, choice, user });
});

export const { GET, POST, PATCH, DELETE, OPTIONS } = methodNotAllowed(["PUT"]);
