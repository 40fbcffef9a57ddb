// GET /workflows/{id}/push-preflight?target={ws}: the plan of a push, before anything is written,
// and which of the client's own workflows (not this copy) already have the workflow's name.
import { db, type Tx } from "@/lib/db/client";
import { loadPushContext } from "@/lib/push/load-push-context";
import { planPush } from "@/lib/push/plan-push";
import { toPreflightView, type PreflightView } from "@/lib/push/to-preflight-view";

export type GetPushPreflightOptions = { workflowId: string; targetWorkspaceId: string; userId: string; tx?: Tx };

export async function getPushPreflight({ workflowId, targetWorkspaceId, userId, tx }: GetPushPreflightOptions): Promise<PreflightView> {
  const ctx = await loadPushContext({ workflowId, targetWorkspaceId, userId, tx });
  const plan = planPush({ ...ctx.inputs, sampleData: "keep" });
  const namesakes = await (tx ?? db()).workflow.count({
    where: { workspaceId: ctx.target.id, name: { equals: ctx.source.name, mode: "insensitive" }, ...(ctx.link ? { id: { not: ctx.link.copyWorkflowId } } : {}) },
  });
  return toPreflightView({ workflow: ctx.inputs.source, target: ctx.target, plan, namesakes });
}
