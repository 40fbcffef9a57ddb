// POST: run again every run a push stopped that was not run again since (lib/runs/rerun-stopped-runs.ts).
// 201 when runs were started; 200 with started 0 when none was left to start.
import { apiRoute } from "@/lib/api/handler";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { rerunStoppedRuns } from "@/lib/runs/rerun-stopped-runs";

export const POST = apiRoute<{ workflowId: string }>(async ({ params, user }) => {
  const result = await rerunStoppedRuns({ workflowId: params.workflowId, userId: user.id });
  return Response.json(result, { status: result.started > 0 ? 201 : 200 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
