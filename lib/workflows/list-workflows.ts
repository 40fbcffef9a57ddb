// The workflows of a workspace for the UI list, most recently changed first, each with its
// last run (test runs included: they are runs the user started and sees in Executions), and for
// a pushed copy where it came from and how much of its review is open. The definitions are not
// read (only copies' are, for their review): trigger kind and step count are columns PostgreSQL
// keeps from them, and a workspace's Testing data (up to 1 MB a workflow) crossed into the web
// process on every load and every 15 s refresh of an open list.
import { describeBlueprintOrigin, type BlueprintOrigin } from "@/lib/blueprints/describe-blueprint-origin";
import { db, type Tx } from "@/lib/db/client";
import { isTriggerKind } from "@/lib/steps/catalog";
import { requireWorkspaceRole } from "@/lib/workspaces/access";
import { listCopySummaries, type CopySummary } from "@/lib/workflow-list/list-copy-summaries";

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
  /** `scope` and `testedStep` as GET /api/v1/workspaces/{ws}/runs gives them, so a test is
   *  labelled by its kind ("test · step 2", components/runs/test-run-kind.ts). */
  lastRun: { id: string; status: string; test: boolean; scope: string; testedStep: number | null; createdAt: string } | null;
  /** A copy pushed to this workspace: from which provider, and its review's open items; null for
   *  the workspace's own workflows. */
  pushedFrom: CopySummary | null;
  /** The blueprint version it was installed from and the newer ones' notes; null when not recorded. */
  blueprint: BlueprintOrigin | null;
};

type LastRunRow = { workflowId: string; id: string; status: string; test: boolean; scope: string; testedStep: number | null; createdAt: Date };

// One query for all last runs: per workflow, a backward walk of its (workflowId, createdAt) index
// that stops at the first run (LATERAL … LIMIT 1). A DISTINCT ON over "workflowId" = ANY(…) read
// and sorted every run of the workspace instead (50,000 runs: the whole table and an on-disk
// sort, 84–230 ms against under 1 ms). A one-step test's step number (its record in the run, else
// its place in the workflow now; 1 for the trigger's Run step) is looked up for the last runs only.
// $1: the workflow ids. Exported for its plan test (tests/integration/list-workflows-plan.test.ts).
export const LAST_RUNS_SQL = `
  SELECT l."workflowId", l.id, l.status, l.test, l.scope, l."createdAt",
         CASE WHEN l.scope <> 'step' THEN NULL WHEN l."targetStepId" IS NULL THEN 1 ELSE COALESCE(
           (SELECT s.number FROM "RunStep" s WHERE s."runId" = l.id AND s."stepId" = l."targetStepId"),
           (SELECT e.n::int FROM "Workflow" w, json_array_elements(w.steps) WITH ORDINALITY AS e(v, n)
             WHERE w.id = l."workflowId" AND e.v->>'id' = l."targetStepId")) END AS "testedStep"
    FROM unnest($1::text[]) AS wf(id)
   CROSS JOIN LATERAL (
         SELECT r."workflowId", r.id, r.status::text AS status, r.test, r.scope, r."targetStepId", r."createdAt"
           FROM "Run" r WHERE r."workflowId" = wf.id
          ORDER BY r."createdAt" DESC, r.id DESC
          LIMIT 1) l`;

export async function listWorkflows({ workspaceId, userId, tx }: { workspaceId: string; userId: string; tx?: Tx }): Promise<{ workflows: WorkflowListItem[] }> {
  const c = tx ?? db();
  await requireWorkspaceRole(userId, workspaceId, "viewer", tx);
  const rows = await c.workflow.findMany({
    where: { workspaceId },
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    select: { id: true, workspaceId: true, name: true, mode: true, version: true, triggerKind: true, stepCount: true, createdAt: true, updatedAt: true, blueprintSlug: true, blueprintVersion: true },
  });
  const ids = rows.map((w) => w.id);
  const [lastRuns, copies] = await Promise.all([
    ids.length ? c.$queryRawUnsafe<LastRunRow[]>(LAST_RUNS_SQL, ids) : Promise.resolve([] as LastRunRow[]),
    listCopySummaries({ workspaceId, workflowIds: ids, c }),
  ]);
  const byWorkflow = new Map(lastRuns.map((r) => [r.workflowId, r]));
  return {
    workflows: rows.map((w) => {
      const last = byWorkflow.get(w.id);
      return {
        id: w.id,
        workspaceId: w.workspaceId,
        name: w.name,
        mode: w.mode,
        version: w.version,
        triggerKind: w.triggerKind && isTriggerKind(w.triggerKind) ? w.triggerKind : null,
        stepCount: w.stepCount ?? 0,
        createdAt: w.createdAt.toISOString(),
        updatedAt: w.updatedAt.toISOString(),
        lastRun: last ? { id: last.id, status: last.status, test: last.test, scope: last.scope, testedStep: last.testedStep, createdAt: last.createdAt.toISOString() } : null,
        pushedFrom: copies.get(w.id) ?? null,
        blueprint: describeBlueprintOrigin(w.blueprintSlug, w.blueprintVersion) ?? null,
      };
    }),
  };
}
