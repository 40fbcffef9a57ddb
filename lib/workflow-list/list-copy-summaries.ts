// Which of a workspace's workflows are pushed copies, from which provider, and how many items of
// their client review are still open — so that the Workflows list tells a copy from the
// workspace's own workflow of the same name (found by QA: a blueprint's workflow and a pushed one
// were two identical rows). The review is computed as the review page computes it
// (lib/push/compute-review.ts), on the workspace's accounts, keys and files read once for all.
import type { Tx } from "@/lib/db/client";
import { computeReview } from "@/lib/push/compute-review";
import type { AccountNeed } from "@/lib/push/plan-push";
import { storedSteps } from "@/lib/workflows/stored-steps";

export type CopySummary = {
  /** The provider workspace the copy was pushed from. */
  provider: { id: string; name: string };
  /** Items of the copy's client review still to do (0: complete; Go live is allowed). */
  openItems: number;
};

/** workflowIds: the workspace's; the definitions of those that are copies are read here. */
export async function listCopySummaries({ workspaceId, workflowIds, c }: { workspaceId: string; workflowIds: string[]; c: Tx }): Promise<Map<string, CopySummary>> {
  const out = new Map<string, CopySummary>();
  if (workflowIds.length === 0) return out;
  const links = await c.workflowCopy.findMany({ where: { copyWorkflowId: { in: workflowIds } } });
  if (links.length === 0) return out;
  const [workflows, providers, accounts, variables, files] = await Promise.all([
    c.workflow.findMany({ where: { id: { in: links.map((l) => l.copyWorkflowId) } }, select: { id: true, steps: true } }),
    c.workspace.findMany({ where: { id: { in: [...new Set(links.map((l) => l.sourceWorkspaceId))] } }, select: { id: true, name: true } }),
    c.connection.findMany({ where: { workspaceId }, select: { id: true, app: true, name: true, baseUrl: true }, orderBy: { name: "asc" } }),
    c.variable.findMany({ where: { workspaceId }, select: { key: true, secret: true, value: true, valueEncrypted: true } }),
    c.file.findMany({ where: { workspaceId }, select: { name: true } }),
  ]);
  const names = new Map(providers.map((p) => [p.id, p.name]));
  const inputs = {
    accounts,
    variables: new Map(variables.map((v) => [v.key, { secret: v.secret, hasValue: (v.secret ? v.valueEncrypted : v.value) !== null }])),
    files: new Set(files.map((f) => f.name)),
  };
  const byId = new Map(workflows.map((w) => [w.id, w]));
  for (const link of links) {
    const workflow = byId.get(link.copyWorkflowId);
    if (!workflow) continue; // deleted since the list was read
    const review = computeReview({
      ...inputs,
      steps: storedSteps(workflow),
      accountSteps: Array.isArray(link.accountSteps) ? (link.accountSteps as AccountNeed[]) : [],
      reviewedAt: link.reviewedAt,
      webhookSecret: { required: link.webhookSecretRequired, unsignedAcceptedAt: link.unsignedAcceptedAt },
    });
    out.set(workflow.id, { provider: { id: link.sourceWorkspaceId, name: names.get(link.sourceWorkspaceId) ?? "your provider" }, openItems: review.missing.length });
  }
  return out;
}
