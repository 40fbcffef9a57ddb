import { notFound } from "@/lib/api/errors";
import { apiRoute } from "@/lib/api/handler";
import { createStepTestRun } from "@/lib/runs/create-step-test-run";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

// The path names a step: anything but a step number is a step that does not exist. (Step 1 is
// matched by its own route before this one.)
function stepNumber(param: string): number {
  if (!/^[1-9]\d{0,5}$/.test(param)) throw notFound(`step ${JSON.stringify(param)}`);
  return Number(param);
}

// 201 {"run": <run detail>}: step n (n >= 2) alone, against the latest outputs of the earlier
// steps; 409 no_earlier_outputs when no run has them. Step 1 is its own route (steps/1/test).
export const POST = apiRoute<{ workflowId: string; stepNumber: string }>(
  async ({ params, user }) => ({
    run: await createStepTestRun({ workflowId: params.workflowId, userId: user.id, stepNumber: stepNumber(params.stepNumber) }),
  }),
  { status: 201 },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
