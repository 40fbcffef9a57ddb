import { apiRoute } from "@/lib/api/handler";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { stopRun } from "@/lib/runs/stop-run";

export const POST = apiRoute<{ runId: string }>(({ params, user }) => stopRun({ runId: params.runId, userId: user.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
