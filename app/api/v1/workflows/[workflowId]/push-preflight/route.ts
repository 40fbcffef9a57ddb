// GET ?target={clientWorkspaceId}: what a push would do, item by item; writes nothing.
import { badRequest } from "@/lib/api/errors";
import { apiRoute } from "@/lib/api/handler";
import { getPushPreflight } from "@/lib/push/get-push-preflight";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const GET = apiRoute<{ workflowId: string }>(async ({ req, params, user }) => {
  const target = new URL(req.url).searchParams.get("target");
  if (!target) throw badRequest("target is required: the id of one of this provider's client workspaces", { field: "target" });
  return getPushPreflight({ workflowId: params.workflowId, targetWorkspaceId: target, userId: user.id });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
