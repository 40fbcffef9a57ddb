import { notFound } from "@/lib/api/errors";
import { apiRoute, readJson } from "@/lib/api/handler";
import { createStepTestRun } from "@/lib/runs/create-step-test-run";
import { stepTestInputSchema } from "@/lib/runs/step-test-input";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { requireWorkflowRole } from "@/lib/workflows/require-workflow-role";

// The path names a step: anything but a step number is a step that does not exist. (Step 1 is
// matched by its own route before this one.)
function stepNumber(param: string): number {
  if (!/^[1-9]\d{0,5}$/.test(param)) throw notFound(`step ${JSON.stringify(param)}`);
  return Number(param);
}

// 201 {"run": <run detail>}: step n (n >= 2) alone, against the latest outputs of the earlier
// steps (step 1's: a webhook's Testing data when no run has one); 409 no_earlier_outputs when no
// run has them, before that 409 branch_reference when the step reads a step on another
// Conditions branch, and first 400 step_incomplete naming a field the step needs filled in.
// Step 1 is its own route (steps/1/test).
// The body is optional ({"scope": "step", "version", "stepId", "fromRunId"} at most: a workflow saved since
// `version`, or step n not `stepId`, is a 409 workflow_changed; `fromRunId` reads the earlier
// outputs from that run of the workflow — 404 when it is none, 409 payload_cleared once retention
// cleared it, 409 no_earlier_outputs naming what it lacks); any other field is a 400 naming it.
export const POST = apiRoute<{ workflowId: string; stepNumber: string }>(
  async ({ req, params, user }) => {
    const n = stepNumber(params.stepNumber);
    await requireWorkflowRole({ workflowId: params.workflowId, userId: user.id, role: "editor" });
    const { version, stepId, fromRunId } = await readJson(req, stepTestInputSchema);
    return { run: await createStepTestRun({ workflowId: params.workflowId, userId: user.id, stepNumber: n, seen: { version, stepId }, fromRunId }) };
  },
  { status: 201 },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
