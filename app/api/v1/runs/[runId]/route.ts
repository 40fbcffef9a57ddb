import { apiRoute } from "@/lib/api/handler";
import { getRun } from "@/lib/runs/get-run";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const GET = apiRoute<{ runId: string }>(({ params, user }) => getRun({ runId: params.runId, userId: user.id }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
