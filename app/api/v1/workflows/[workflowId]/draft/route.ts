import { apiRoute } from "@/lib/api/handler";
import { setWorkflowMode } from "@/lib/workflows/set-workflow-mode";

export const POST = apiRoute<{ workflowId: string }>(({ params, user }) =>
  setWorkflowMode({ workflowId: params.workflowId, userId: user.id, mode: "draft" }),
);
