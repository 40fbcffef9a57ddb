import { z } from "zod";
import { apiRoute } from "@/lib/api/handler";
import { createStepTestRun } from "@/lib/runs/create-step-test-run";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

const stepNumber = z.coerce.number().int().min(2).max(500);

// 201 {"run": <run detail>}: step n (n >= 2) alone, against the latest outputs of the earlier
// steps; 409 no_earlier_outputs when no run has them. Step 1 is its own route (steps/1/test).
export const POST = apiRoute<{ workflowId: string; stepNumber: string }>(
  async ({ params, user }) => ({
    run: await createStepTestRun({ workflowId: params.workflowId, userId: user.id, stepNumber: stepNumber.parse(params.stepNumber) }),
  }),
  { status: 201 },
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(["POST"]);
