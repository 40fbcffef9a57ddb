// The workflows of a workspace for the UI list, most recently changed first, each with its
// last run (test runs included: they are runs the user started and sees in Executions).
import { db, type Tx } from "@/lib/db/client";
import { isTriggerKind } from "@/lib/steps/catalog";
import { requireWorkspaceRole } from "@/lib/workspaces/access";
import { storedSteps } from "@/lib/workflows/stored-steps";

export type WorkflowListItem = {
  id: string;
  workspaceId: string;
  name: string;
  mode: "draft" | "live";
  version: number;
  triggerKind: string | null;
  stepCount: number;
  createdAt: string;
  updatedAt: string;
  lastRun: { id: string; status: string; test: boolean; createdAt: string } | null;
};

export async function listWorkflows({ workspaceId, userId, tx }: { workspaceId: string; userId: string; tx?: Tx }): Promise<{ workflows: WorkflowListItem[] }> {
  const c = tx ?? db();
  await requireWorkspaceRole(userId, workspaceId, "viewer", tx);
  const rows = await c.workflow.findMany({ where: { workspaceId }, orderBy: [{ updatedAt: "desc" }, { id: "asc" }] });
  const ids = rows.map((w) => w.id);
  // One query for all last runs; DISTINCT ON walks the (workflowId, createdAt) index.
  const lastRuns = ids.length
    ? await c.$queryRaw<{ workflowId: string; id: string; status: string; test: boolean; createdAt: Date }[]>`
        SELECT DISTINCT ON ("workflowId") "workflowId", id, status::text AS status, test, "createdAt"
          FROM "Run" WHERE "workflowId" = ANY(${ids}::text[])
         ORDER BY "workflowId", "createdAt" DESC, id DESC`
    : [];
  const byWorkflow = new Map(lastRuns.map((r) => [r.workflowId, r]));
  return {
    workflows: rows.map((w) => {
      const steps = storedSteps(w);
      const last = byWorkflow.get(w.id);
      return {
        id: w.id,
        workspaceId: w.workspaceId,
        name: w.name,
        mode: w.mode,
        version: w.version,
        triggerKind: steps[0] && isTriggerKind(steps[0].kind) ? steps[0].kind : null,
        stepCount: steps.length,
        createdAt: w.createdAt.toISOString(),
        updatedAt: w.updatedAt.toISOString(),
        lastRun: last ? { id: last.id, status: last.status, test: last.test, createdAt: last.createdAt.toISOString() } : null,
      };
    }),
  };
}
