// GET: the runs pushes stopped that "Run the stopped runs again" would start (lib/runs/get-stopped-runs.ts).
import { apiRoute } from "@/lib/api/handler";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { getStoppedRuns } from "@/lib/runs/get-stopped-runs";

export const GET = apiRoute<{ workflowId: string }>(({ params, user }) => getStoppedRuns({ workflowId: params.workflowId, userId: user.id }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
