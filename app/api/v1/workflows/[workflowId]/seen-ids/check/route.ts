// POST {"value": "alert-42"}: whether this workflow remembers that id, and until when
// (lib/seen-ids/check-seen-id.ts). A lookup only: a viewer may ask.
import { apiRoute, readJson } from "@/lib/api/handler";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { checkSeenId } from "@/lib/seen-ids/check-seen-id";
import { seenIdCheckInputSchema } from "@/lib/seen-ids/seen-id-input";
import { requireWorkflowRole } from "@/lib/workflows/require-workflow-role";

export const POST = apiRoute<{ workflowId: string }>(async ({ req, params, user }) => {
  await requireWorkflowRole({ workflowId: params.workflowId, userId: user.id, role: "viewer" });
  const { value } = await readJson(req, seenIdCheckInputSchema);
  return checkSeenId({ workflowId: params.workflowId, userId: user.id, value });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
