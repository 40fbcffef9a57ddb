// POST {"targetWorkspaceId", "sampleData"?: "keep" | "clear" | "replace", "version"?}: pushes to exactly
// one client (sampleData is required only where the workflow has sample data; version, the one the
// preflight showed, is 409 workflow_changed when the workflow was saved since: push-input.ts).
// 201 with the new copy, 200 when an existing copy was updated in place.
import { apiRoute, readJson } from "@/lib/api/handler";
import { pushInputSchema } from "@/lib/push/push-input";
import { pushWorkflow } from "@/lib/push/push-workflow";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { requireWorkflowRole } from "@/lib/workflows/require-workflow-role";

export const POST = apiRoute<{ workflowId: string }>(async ({ req, params, user }) => {
  await requireWorkflowRole({ workflowId: params.workflowId, userId: user.id, role: "editor" }); // the source; the target is in the body
  const input = await readJson(req, pushInputSchema);
  const result = await pushWorkflow({ workflowId: params.workflowId, targetWorkspaceId: input.targetWorkspaceId, sampleData: input.sampleData, version: input.version, user });
  return Response.json(result, { status: result.created ? 201 : 200 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
