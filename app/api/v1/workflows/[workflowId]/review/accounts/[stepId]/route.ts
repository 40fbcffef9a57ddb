// PUT {"connectionId": string | null}: choose the account a step of a pushed copy uses.
import { z } from "@/lib/z";
import { apiRoute, readJson } from "@/lib/api/handler";
import { chooseReviewAccount } from "@/lib/push/choose-review-account";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { requireWorkflowRole } from "@/lib/workflows/require-workflow-role";

const body = z.object({ connectionId: z.string().min(1).nullable() }).strict(); // a misspelt field is a 400 naming it

export const PUT = apiRoute<{ workflowId: string; stepId: string }>(async ({ req, params, user }) => {
  await requireWorkflowRole({ workflowId: params.workflowId, userId: user.id, role: "editor" });
  const { connectionId } = await readJson(req, body);
  return chooseReviewAccount({ workflowId: params.workflowId, stepId: params.stepId, connectionId, user });
});

export const { GET, POST, PATCH, DELETE, OPTIONS } = methodNotAllowed(["PUT"]);
