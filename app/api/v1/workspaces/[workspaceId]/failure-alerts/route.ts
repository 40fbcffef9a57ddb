// A workspace's failure alerts: GET → {configured, enabled, host, maskedPath, last} (viewer; the
// URL itself is never answered); PUT {url?, enabled?} sets them (editor; url null removes).
import { apiRoute, readJson } from "@/lib/api/handler";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { failureAlertInputSchema, getFailureAlert, updateFailureAlert } from "@/lib/failure-alerts/update-failure-alert";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export const GET = apiRoute<{ workspaceId: string }>(({ params, user }) => getFailureAlert({ workspaceId: params.workspaceId, userId: user.id }));

export const PUT = apiRoute<{ workspaceId: string }>(async ({ req, params, user }) => {
  await requireWorkspaceRole(user.id, params.workspaceId, "editor"); // a viewer's body is not worth judging
  return updateFailureAlert({ workspaceId: params.workspaceId, userId: user.id, input: await readJson(req, failureAlertInputSchema) });
});

export const { POST, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "PUT"]);
