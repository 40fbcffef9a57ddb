// GET ?limit=&before=&step=: the workflow's runs, newest first; `before` is the answer's
// `nextBefore` (lib/workflows/deliveries-cursor.ts) for the page after it; `step` (a step id)
// keeps only the runs that reached that step.
import { badRequest } from "@/lib/api/errors";
import { apiRoute } from "@/lib/api/handler";
import { parseLimit } from "@/lib/api/parse-limit";
import { listRuns } from "@/lib/runs/list-runs";
import { parseDeliveriesCursor } from "@/lib/workflows/deliveries-cursor";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

/** A step id as the workflow definition allows one (lib/workflows/definition.ts); absent: every run. */
function parseStep(raw: string | null): string | null {
  if (raw === null || raw.trim() === "") return null;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(raw.trim())) throw badRequest(`step must be a step's id (letters, digits, - and _, up to 64); got "${raw.slice(0, 80)}"`);
  return raw.trim();
}

export const GET = apiRoute<{ workflowId: string }>(({ req, params, user }) => {
  const query = new URL(req.url).searchParams;
  return listRuns({
    workflowId: params.workflowId,
    userId: user.id,
    limit: parseLimit(req.url),
    before: parseDeliveriesCursor(query.get("before")),
    stepId: parseStep(query.get("step")),
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
