// Recent runs across every workflow of a workspace — and, for a provider, of its clients too —
// newest first, optionally of one status: "what failed across my clients since yesterday".
// Runs have no workspace index (the intake writes one index entry per run fewer without it), so
// the query walks each workflow's (workflowId, createdAt) index backwards inside the window, at
// most `limit` rows each, and merges those.
import { z } from "@/lib/z";
import { db } from "@/lib/db/client";
import { RUN_STATUSES } from "@/lib/runs/run-records";
import { runTimesIso } from "@/lib/runs/run-times-iso";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export const WorkspaceRunsQuery = z.object({
  status: z.enum(RUN_STATUSES).optional(),
  clients: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  days: z.coerce.number().int().min(1).max(30).default(7),
});

export type WorkspaceRunSummary = {
  id: string;
  workflowId: string;
  workflowName: string;
  workspaceId: string;
  workspaceName: string;
  status: string;
  test: boolean;
  /** "step": a test of one step (Run step); "workflow": every step (lib/runs/create-test-run.ts). */
  scope: string;
  /** A test of one step: its number in the run (as the workflow is now until the step has run);
   *  1 for the trigger's Run step; null for a run of the whole workflow. */
  testedStep: number | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** The first 300 characters. */
  error: string | null;
};

export type ListWorkspaceRunsOptions = { workspaceId: string; userId: string; limit: number } & z.output<typeof WorkspaceRunsQuery>;

type Row = Omit<WorkspaceRunSummary, "createdAt" | "startedAt" | "finishedAt"> & { createdAt: Date; startedAt: Date | null; finishedAt: Date | null };

export async function listWorkspaceRuns(opts: ListWorkspaceRunsOptions): Promise<{ runs: WorkspaceRunSummary[] }> {
  await requireWorkspaceRole(opts.userId, opts.workspaceId, "viewer");
  // A provider's members see every client of it (lib/workspaces/access.ts).
  const clients = opts.clients ? await db().workspace.findMany({ where: { providerId: opts.workspaceId }, select: { id: true } }) : [];
  const ids = [opts.workspaceId, ...clients.map((c) => c.id)];
  const since = new Date(Date.now() - opts.days * 24 * 3600_000);
  const status = opts.status ?? null;
  const rows = await db().$queryRaw<Row[]>`
    SELECT r.id, r."workflowId", w.name AS "workflowName", w."workspaceId", ws.name AS "workspaceName",
           r.status, r.test, r.scope,
           CASE WHEN r.scope <> 'step' THEN NULL WHEN r."targetStepId" IS NULL THEN 1 ELSE COALESCE(
             (SELECT s.number FROM "RunStep" s WHERE s."runId" = r.id AND s."stepId" = r."targetStepId"),
             (SELECT e.n::int FROM json_array_elements(w.steps) WITH ORDINALITY AS e(v, n) WHERE e.v->>'id' = r."targetStepId")) END AS "testedStep",
           r."createdAt", r."startedAt", r."finishedAt", r.error
      FROM "Workflow" w
      JOIN "Workspace" ws ON ws.id = w."workspaceId"
     CROSS JOIN LATERAL (
           SELECT r.id, r."workflowId", r.status::text AS status, r.test, r.scope, r."targetStepId", r."createdAt", r."startedAt", r."finishedAt", left(r.error, 300) AS error
             FROM "Run" r
            WHERE r."workflowId" = w.id AND r."createdAt" >= ${since}
              AND (${status}::text IS NULL OR r.status::text = ${status}::text)
            ORDER BY r."createdAt" DESC, r.id DESC
            LIMIT ${opts.limit}) r
     WHERE w."workspaceId" = ANY(${ids}::text[])
     ORDER BY r."createdAt" DESC, r.id DESC
     LIMIT ${opts.limit}`;
  return {
    runs: rows.map(runTimesIso),
  };
}
