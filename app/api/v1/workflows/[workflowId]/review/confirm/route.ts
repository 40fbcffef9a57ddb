// POST {"pushCount"?}: the client confirms it reviewed the pushed configuration (one checklist
// item); with the review's pushCount, 409 review_changed when the provider pushed again since.
import { apiRoute, readJson } from "@/lib/api/handler";
import { confirmReview, confirmReviewInputSchema } from "@/lib/push/confirm-review";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { requireWorkflowRole } from "@/lib/workflows/require-workflow-role";

export const POST = apiRoute<{ workflowId: string }>(async ({ req, params, user }) => {
  await requireWorkflowRole({ workflowId: params.workflowId, userId: user.id, role: "editor" });
  const input = await readJson(req, confirmReviewInputSchema);
  return confirmReview({ workflowId: params.workflowId, user, input });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
