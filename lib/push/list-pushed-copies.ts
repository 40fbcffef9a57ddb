// GET /workflows/{id}/pushes: for the provider, every client that has a copy of this workflow,
// the version it has, and whether it is up to date, behind (the source was saved since), or
// edited by the client (its definition differs from what was pushed; edits win the label).
import { db, type Tx } from "@/lib/db/client";
import { loadReview } from "@/lib/push/load-review";
import { loadWorkflow } from "@/lib/workflows/load-workflow";

export type PushedCopyView = {
  target: { id: string; name: string };
  copyWorkflowId: string;
  mode: "draft" | "live";
  pushedVersion: number;
  currentVersion: number;
  status: "up_to_date" | "behind" | "edited_by_client";
  behind: boolean;
  editedByClient: boolean;
  pushedAt: string;
  pushedBy: string | null;
  pushCount: number;
  reviewComplete: boolean;
  missing: number;
};

export type ListPushedCopiesOptions = { workflowId: string; userId: string; tx?: Tx };

export async function listPushedCopies({ workflowId, userId, tx }: ListPushedCopiesOptions): Promise<PushedCopyView[]> {
  const source = await loadWorkflow({ workflowId, userId, role: "viewer", tx });
  const links = await (tx ?? db()).workflowCopy.findMany({
    where: { sourceWorkflowId: source.id, targetWorkspace: { providerId: source.workspaceId } },
    include: { copyWorkflow: true, targetWorkspace: { select: { id: true, name: true } } },
    orderBy: { targetWorkspace: { name: "asc" } },
  });
  const out: PushedCopyView[] = [];
  for (const l of links) {
    const review = (await loadReview({ workflow: l.copyWorkflow, tx }))!;
    const behind = source.version > l.sourceVersion;
    out.push({
      target: l.targetWorkspace,
      copyWorkflowId: l.copyWorkflowId,
      mode: l.copyWorkflow.mode,
      pushedVersion: l.sourceVersion,
      currentVersion: source.version,
      status: review.editedSincePush ? "edited_by_client" : behind ? "behind" : "up_to_date",
      behind,
      editedByClient: review.editedSincePush,
      pushedAt: l.pushedAt.toISOString(),
      pushedBy: review.pushedBy,
      pushCount: l.pushCount,
      reviewComplete: review.complete,
      missing: review.missing.length,
    });
  }
  return out;
}
