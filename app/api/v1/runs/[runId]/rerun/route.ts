import { apiRoute } from "@/lib/api/handler";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { rerunRun } from "@/lib/runs/rerun-run";

export const POST = apiRoute<{ runId: string }>(({ params, user }) => rerunRun({ runId: params.runId, userId: user.id }), { status: 201 });

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
