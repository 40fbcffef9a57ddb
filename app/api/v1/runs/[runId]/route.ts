// GET ?outputs=false: the run without its payload and the steps' outputs and logs (lib/runs/get-run.ts).
import { badRequest } from "@/lib/api/errors";
import { apiRoute } from "@/lib/api/handler";
import { getRun } from "@/lib/runs/get-run";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

function parseOutputs(raw: string | null): boolean {
  if (raw === null || raw === "true") return true;
  if (raw === "false") return false;
  throw badRequest(`outputs must be true or false; got "${raw.slice(0, 80)}"`);
}

export const GET = apiRoute<{ runId: string }>(({ req, params, user }) =>
  getRun({ runId: params.runId, userId: user.id, outputs: parseOutputs(new URL(req.url).searchParams.get("outputs")) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
