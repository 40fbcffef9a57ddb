// Everything a push decides on, read for a caller: the source workflow (editor in its
// workspace), the target (one of that provider's own clients), both workspaces' accounts,
// keys and files, and the copy a previous push left there. Foreign ids answer 404.
import { badRequest } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import type { Workflow, WorkflowCopy, Workspace } from "@/lib/generated/prisma/client.ts";
import type { AccountNeed, PushInputs } from "@/lib/push/plan-push";
import { readPushedSteps } from "@/lib/push/client-edits";
import { scanRequirements } from "@/lib/push/scan-requirements";
import { UNFINISHED_RUN_STATUSES } from "@/lib/runs/end-run-stopped";
import { withExactSteps } from "@/lib/workflows/exact-steps";
import { loadWorkflow } from "@/lib/workflows/load-workflow";
import { storedSteps } from "@/lib/workflows/stored-steps";
import { requireRank, requireWorkspaceRole } from "@/lib/workspaces/access";

export type PushContext = {
  source: Workflow;
  target: Pick<Workspace, "id" | "name">;
  link: (WorkflowCopy & { copyWorkflow: Workflow & { endpoints: { id: string }[] } }) | null;
  inputs: Omit<PushInputs, "sampleData">;
};

export type LoadPushContextOptions = { workflowId: string; targetWorkspaceId: string; userId: string; tx?: Tx; lock?: boolean };

export async function loadPushContext({ workflowId, targetWorkspaceId, userId, tx, lock }: LoadPushContextOptions): Promise<PushContext> {
  const c = tx ?? db();
  const source = await loadWorkflow({ workflowId, userId, role: "editor", tx, lock });
  // A target the caller cannot see is a 404 first (its existence stays hidden); then whether it is
  // one of the source's provider's own clients, which no role changes — so a viewer in another
  // provider's client is told that, not that a higher role would do; then the role there.
  const role = await requireWorkspaceRole(userId, targetWorkspaceId, "viewer", tx);
  const target = await c.workspace.findUniqueOrThrow({ where: { id: targetWorkspaceId }, select: { id: true, name: true, providerId: true } });
  if (target.providerId !== source.workspaceId) {
    throw badRequest("a push goes from a provider workspace to exactly one of that provider's own client workspaces", { field: "targetWorkspaceId" });
  }
  requireRank(role, "editor");
  const steps = storedSteps(source);
  const req = scanRequirements(steps);
  const sourceIds = req.accountSteps.flatMap((s) => (s.connectionId ? [s.connectionId] : []));
  const [sourceAccounts, targetAccounts, targetVariables, files, link] = await Promise.all([
    c.connection.findMany({ where: { workspaceId: source.workspaceId, id: { in: sourceIds } }, select: { id: true, app: true, name: true, baseUrl: true } }),
    c.connection.findMany({ where: { workspaceId: target.id }, select: { id: true, app: true, name: true, baseUrl: true }, orderBy: { name: "asc" } }),
    c.variable.findMany({ where: { workspaceId: target.id }, select: { key: true, secret: true, value: true, valueEncrypted: true } }),
    c.file.findMany({ where: { workspaceId: { in: [source.workspaceId, target.id] }, name: { in: req.files } }, select: { workspaceId: true, name: true, sha256: true } }),
    c.workflowCopy.findUnique({
      where: { sourceWorkflowId_targetWorkspaceId: { sourceWorkflowId: source.id, targetWorkspaceId: target.id } },
      include: { copyWorkflow: { include: { endpoints: { where: { rotatedAt: null }, select: { id: true } } } } },
    }),
  ]);
  // The copy's own Testing data, which a re-push may keep, as the client typed it (exact-steps.ts).
  if (link) link.copyWorkflow = await withExactSteps(link.copyWorkflow, c);
  const unfinishedRuns = link ? await c.run.count({ where: { workflowId: link.copyWorkflow.id, status: { in: [...UNFINISHED_RUN_STATUSES] } } }) : 0;
  return {
    source,
    target: { id: target.id, name: target.name },
    link,
    inputs: {
      source: { id: source.id, name: source.name, version: source.version, steps },
      sourceAccounts: new Map(sourceAccounts.map((a) => [a.id, a])),
      targetAccounts,
      targetVariables: new Map(targetVariables.map((v) => [v.key, { secret: v.secret, hasValue: (v.secret ? v.valueEncrypted : v.value) !== null }])),
      targetFiles: new Map(files.filter((f) => f.workspaceId === target.id).map((f) => [f.name, f.sha256])),
      sourceFiles: new Map(files.filter((f) => f.workspaceId === source.workspaceId).map((f) => [f.name, f.sha256])),
      existing: link && {
        workflowId: link.copyWorkflow.id,
        mode: link.copyWorkflow.mode,
        name: link.copyWorkflow.name,
        steps: storedSteps(link.copyWorkflow),
        pushedStepsHash: link.pushedStepsHash,
        sourceVersion: link.sourceVersion,
        pushedSampleHashes: (link.pushedSampleHashes as Record<string, string> | null) ?? null,
        hasWebhookUrl: link.copyWorkflow.endpoints.length > 0,
        unsignedAcceptedAt: link.unsignedAcceptedAt,
        pushedSteps: readPushedSteps(link.pushedSteps),
        pushedName: link.sourceName,
        accountSteps: Array.isArray(link.accountSteps) ? (link.accountSteps as AccountNeed[]) : null,
        unfinishedRuns,
      },
    },
  };
}
