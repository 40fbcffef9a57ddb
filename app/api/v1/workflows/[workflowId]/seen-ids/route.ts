// The ids this workflow's "was already seen" rules remember (lib/seen-ids).
// GET ?limit=&before=: count, oldest and newest first-seen times, a page of ids (hash prefix,
// first seen, until when), newest first; a viewer may read. DELETE {"value"} forgets one id (404
// seen_id_not_found when it is not remembered), {"all": true} every one: for editors.
import { apiRoute, readJson } from "@/lib/api/handler";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { parseLimit } from "@/lib/api/parse-limit";
import { forgetSeenIds } from "@/lib/seen-ids/forget-seen-ids";
import { listSeenIds } from "@/lib/seen-ids/list-seen-ids";
import { seenIdForgetInputSchema } from "@/lib/seen-ids/seen-id-input";
import { requireWorkflowRole } from "@/lib/workflows/require-workflow-role";

type Params = { workflowId: string };

export const GET = apiRoute<Params>(({ req, params, user }) =>
  listSeenIds({ workflowId: params.workflowId, userId: user.id, limit: parseLimit(req.url, { fallback: 50, max: 500 }), before: new URL(req.url).searchParams.get("before") }),
);

export const DELETE = apiRoute<Params>(async ({ req, params, user }) => {
  await requireWorkflowRole({ workflowId: params.workflowId, userId: user.id, role: "editor" });
  const input = await readJson(req, seenIdForgetInputSchema);
  return forgetSeenIds({ workflowId: params.workflowId, userId: user.id, input });
});

export const { POST, PUT, PATCH, OPTIONS } = methodNotAllowed(["GET", "DELETE"]);
