import { apiRoute, readJson } from "@/lib/api/handler";
import { createTestRun } from "@/lib/runs/create-test-run";
import { triggerTestInputSchema } from "@/lib/runs/step-test-input";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { requireWorkflowRole } from "@/lib/workflows/require-workflow-role";

// 201 {"run": <run detail>}. Scope defaults to "step" for a webhook trigger, "workflow" (Run now) for a scheduler.
// Optional "version" / "stepId": what the caller saw; a save since is a 409 workflow_changed.
export const POST = apiRoute<{ workflowId: string }>(
  async ({ req, params, user }) => {
    await requireWorkflowRole({ workflowId: params.workflowId, userId: user.id, role: "editor" });
    const { scope, version, stepId } = await readJson(req, triggerTestInputSchema);
    return { run: await createTestRun({ workflowId: params.workflowId, userId: user.id, scope, seen: { version, stepId } }) };
  },
  { status: 201 },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
