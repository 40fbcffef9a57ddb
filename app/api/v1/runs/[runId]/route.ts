import { apiRoute } from "@/lib/api/handler";
import { getRun } from "@/lib/runs/get-run";

export const GET = apiRoute<{ runId: string }>(({ params, user }) => getRun({ runId: params.runId, userId: user.id }));
