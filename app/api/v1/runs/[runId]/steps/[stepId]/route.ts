// GET: one step's record in the run, with its output and logs (lib/runs/get-run-step.ts);
// ?preview=true: its output cut to what Workflow data's tree draws, the cuts said, no logs.
import { badRequest } from "@/lib/api/errors";
import { apiRoute } from "@/lib/api/handler";
import { getRunStep } from "@/lib/runs/get-run-step";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

function parsePreview(raw: string | null): boolean {
  if (raw === null || raw === "false") return false;
  if (raw === "true") return true;
  throw badRequest(`preview must be true or false; got "${raw.slice(0, 80)}"`);
}

export const GET = apiRoute<{ runId: string; stepId: string }>(({ req, params, user }) =>
  getRunStep({ runId: params.runId, stepId: params.stepId, userId: user.id, preview: parsePreview(new URL(req.url).searchParams.get("preview")) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
