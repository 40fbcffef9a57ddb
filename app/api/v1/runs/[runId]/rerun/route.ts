import { z } from "@/lib/z";
import { apiRoute, readJson } from "@/lib/api/handler";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { rerunRun } from "@/lib/runs/rerun-run";

// The body is optional: {"from": "failed_step"} runs a failed run again from the step it failed
// on, the steps before it copied from it (409 run_not_failed / step_removed when it cannot be);
// without it, the whole workflow runs again on the run's payload.
const rerunBody = z.strictObject({ from: z.enum(["failed_step"]).optional() });

export const POST = apiRoute<{ runId: string }>(
  async ({ req, params, user }) => {
    const { from } = await readJson(req, rerunBody);
    return rerunRun({ runId: params.runId, userId: user.id, fromFailedStep: from === "failed_step" });
  },
  { status: 201 },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
