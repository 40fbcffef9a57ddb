import { apiRoute, readJson } from "@/lib/api/handler";
import { goLiveInputSchema } from "@/lib/workflows/assert-version-seen";
import { setWorkflowMode } from "@/lib/workflows/set-workflow-mode";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { requireWorkflowRole } from "@/lib/workflows/require-workflow-role";

// The body is optional and read like /live's: {"version"} (a save since is a 409 workflow_changed);
// anything else, or a body that is not JSON, is a 400 naming it rather than ignored.
export const POST = apiRoute<{ workflowId: string }>(async ({ req, params, user }) => {
  await requireWorkflowRole({ workflowId: params.workflowId, userId: user.id, role: "editor" });
  const { version } = await readJson(req, goLiveInputSchema);
  return setWorkflowMode({ workflowId: params.workflowId, userId: user.id, mode: "draft", version });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
