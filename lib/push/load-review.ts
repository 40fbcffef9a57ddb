// The review of a workflow that arrived by push, with what its workspace holds now; null for a
// workflow that was not pushed. No access check: callers load the workflow for the caller first.
import { db, type Tx } from "@/lib/db/client";
import type { Workflow } from "@/lib/generated/prisma/client.ts";
import { computeReview, type Review } from "@/lib/push/compute-review";
import type { AccountNeed } from "@/lib/push/plan-push";
import { stepsHash } from "@/lib/push/steps-hash";
import { storedSteps } from "@/lib/workflows/stored-steps";

export type ReviewView = Review & {
  workflowId: string;
  pushed: true;
  source: { workflowId: string | null; workspaceId: string; name: string; version: number };
  pushedAt: string;
  pushedBy: string | null;
  pushCount: number;
  sampleData: string;
  editedSincePush: boolean;
};

export type LoadReviewOptions = { workflow: Workflow; tx?: Tx };

export async function loadReview({ workflow, tx }: LoadReviewOptions): Promise<ReviewView | null> {
  const c = tx ?? db();
  const link = await c.workflowCopy.findUnique({ where: { copyWorkflowId: workflow.id } });
  if (!link) return null;
  const ws = workflow.workspaceId;
  const [accounts, variables, files, pusher] = await Promise.all([
    c.connection.findMany({ where: { workspaceId: ws }, select: { id: true, app: true, name: true }, orderBy: { name: "asc" } }),
    c.variable.findMany({ where: { workspaceId: ws }, select: { key: true, secret: true, value: true, valueEncrypted: true } }),
    c.file.findMany({ where: { workspaceId: ws }, select: { name: true } }),
    link.pushedById ? c.user.findUnique({ where: { id: link.pushedById }, select: { email: true } }) : null,
  ]);
  const steps = storedSteps(workflow);
  const review = computeReview({
    steps,
    accountSteps: Array.isArray(link.accountSteps) ? (link.accountSteps as AccountNeed[]) : [],
    reviewedAt: link.reviewedAt,
    webhookSecret: { required: link.webhookSecretRequired, unsignedAcceptedAt: link.unsignedAcceptedAt },
    accounts,
    variables: new Map(variables.map((v) => [v.key, { secret: v.secret, hasValue: (v.secret ? v.valueEncrypted : v.value) !== null }])),
    files: new Set(files.map((f) => f.name)),
  });
  return {
    workflowId: workflow.id,
    pushed: true,
    source: { workflowId: link.sourceWorkflowId, workspaceId: link.sourceWorkspaceId, name: link.sourceName, version: link.sourceVersion },
    pushedAt: link.pushedAt.toISOString(),
    pushedBy: pusher?.email ?? null,
    pushCount: link.pushCount,
    sampleData: link.sampleData,
    editedSincePush: stepsHash(workflow.name, steps) !== link.pushedStepsHash,
    ...review,
  };
}
