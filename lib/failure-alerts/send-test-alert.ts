// "Send a test alert": one message of the real alert's shape to the saved webhook, now, so a
// technician sees it arrive in the channel (editor role). Answers the endpoint's status.
import { badRequest } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { requireWorkspaceRole } from "@/lib/workspaces/access";
import { postFailureAlert, type AlertOutcome } from "./post-failure-alert";

export async function sendTestAlert(opts: { workspaceId: string; userId: string }): Promise<AlertOutcome> {
  await requireWorkspaceRole(opts.userId, opts.workspaceId, "editor");
  const ws = await db().workspace.findUniqueOrThrow({ where: { id: opts.workspaceId }, select: { name: true, failureAlert: true } });
  if (!ws.failureAlert) throw badRequest("url: set a webhook URL first");
  const error = "this is a test alert: nothing failed";
  return postFailureAlert(ws.failureAlert, {
    text: `Test alert from MSP Flow for ${ws.name}: failure alerts of this workspace's live workflows will arrive here.`,
    workspace: ws.name,
    workflow: null,
    runId: null,
    failedStep: null,
    error,
    url: `${env().PUBLIC_URL}/w/${opts.workspaceId}/runs`,
  });
}
