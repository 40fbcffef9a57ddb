// A workspace's retention: GET → {overrides, effective}; PUT {runDays?, runsPerWorkflow?,
// stepOutputDays?, deliveryDays?, deliveriesPerWorkflow?} replaces the overrides (owner).
import { apiRoute, readJson } from "@/lib/api/handler";
import { getWorkspaceRetention, updateWorkspaceRetention } from "@/lib/retention/update-workspace-retention";
import { workspaceRetentionSchema } from "@/lib/retention/workspace-retention";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export const GET = apiRoute<{ workspaceId: string }>(({ params, user }) =>
  getWorkspaceRetention({ workspaceId: params.workspaceId, userId: user.id }),
);

export const PUT = apiRoute<{ workspaceId: string }>(async ({ req, params, user }) => {
  await requireWorkspaceRole(user.id, params.workspaceId, "owner"); // a viewer's body is not worth judging
  return updateWorkspaceRetention({ workspaceId: params.workspaceId, userId: user.id, overrides: await readJson(req, workspaceRetentionSchema) });
});

export const { POST, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "PUT"]);
