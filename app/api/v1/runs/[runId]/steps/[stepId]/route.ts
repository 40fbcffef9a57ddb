// GET: one step's record in the run, with its output and logs (lib/runs/get-run-step.ts).
import { apiRoute } from "@/lib/api/handler";
import { getRunStep } from "@/lib/runs/get-run-step";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const GET = apiRoute<{ runId: string; stepId: string }>(({ params, user }) => getRunStep({ runId: params.runId, stepId: params.stepId, userId: user.id }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
