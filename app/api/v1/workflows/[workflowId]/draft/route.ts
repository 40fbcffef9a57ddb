import { apiRoute } from "@/lib/api/handler";
import { setWorkflowMode } from "@/lib/workflows/set-workflow-mode";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const POST = apiRoute<{ workflowId: string }>(({ params, user }) =>
  setWorkflowMode({ workflowId: params.workflowId, userId: user.id, mode: "draft" }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
