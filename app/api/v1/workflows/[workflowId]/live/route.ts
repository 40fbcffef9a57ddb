import { apiRoute, readJson } from "@/lib/api/handler";
import { goLiveInputSchema } from "@/lib/workflows/assert-version-seen";
import { setWorkflowMode } from "@/lib/workflows/set-workflow-mode";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { requireWorkflowRole } from "@/lib/workflows/require-workflow-role";

// The body is optional: {"version"} (the editor sends the one it shows) is a 409 workflow_changed
// when the workflow was saved since, instead of taking Live steps the caller never saw.
export const POST = apiRoute<{ workflowId: string }>(async ({ req, params, user }) => {
  await requireWorkflowRole({ workflowId: params.workflowId, userId: user.id, role: "editor" });
  const { version } = await readJson(req, goLiveInputSchema);
  return setWorkflowMode({ workflowId: params.workflowId, userId: user.id, mode: "live", version });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
