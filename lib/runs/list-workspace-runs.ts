// Recent runs across every workflow of a workspace — and, for a provider, of its clients too —
// newest first, optionally of one status: "what failed across my clients since yesterday".
// Runs have no workspace index (the intake writes one index entry per run fewer without it), so
// the query walks each workflow's (workflowId, createdAt) index backwards inside the window, at
// most `limit` rows each, and merges those. Older pages continue from `before` (the cursor of the
// deliveries log, the audit log and a workflow's runs: time, then id, both descending); with
// `workflowId`, one workflow's runs only; with `q`, the runs whose id is it or ends with it (the
// editor shows "…3f9c2a1b") or whose error has it, in any case.
import { z } from "@/lib/z";
import { db } from "@/lib/db/client";
import { RUN_STATUSES } from "@/lib/runs/run-records";
import { runTimesIso } from "@/lib/runs/run-times-iso";
import { deliveriesCursorAfter, parseDeliveriesCursor } from "@/lib/workflows/deliveries-cursor";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export const WorkspaceRunsQuery = z.object({
  status: z.enum(RUN_STATUSES).optional(),
  clients: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  // Up to the longest a workspace may keep runs (lib/retention/workspace-retention.ts): a longer
  // window costs nothing more, as each workflow's index walk stops at `limit` rows and at the runs
  // retention left; a cap of 30 hid the older runs of a workspace that keeps them 90 days.
  days: z.coerce.number().int().min(1).max(3650).default(7),
  /** One workflow's runs (of the workspace, or of a client with clients=true); any other id lists none. */
  workflowId: z.string().trim().min(1).max(200).optional(),
  /** A run id, or its end (6 characters or more; a leading "…" is ignored), or words of the error. */
  q: z.string().trim().max(200).optional(),
  /** The `nextBefore` of the page before (or an ISO time): a 400 when it is not one. */
  before: z.string().optional(),
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

export async function listWorkspaceRuns(opts: ListWorkspaceRunsOptions): Promise<{ runs: WorkspaceRunSummary[]; nextBefore: string | null }> {
  const cursor = parseDeliveriesCursor(opts.before ?? null);
  await requireWorkspaceRole(opts.userId, opts.workspaceId, "viewer");
  // A provider's members see every client of it (lib/workspaces/access.ts).
  const clients = opts.clients ? await db().workspace.findMany({ where: { providerId: opts.workspaceId }, select: { id: true } }) : [];
  const ids = [opts.workspaceId, ...clients.map((c) => c.id)];
  const since = new Date(Date.now() - opts.days * 24 * 3600_000);
  const status = opts.status ?? null;
  const workflowId = opts.workflowId ?? null;
  const q = opts.q?.replace(/^(…|\.\.\.)/, "").trim() || null;
  // LIKE's own characters in it match themselves.
  const like = q === null ? null : q.replace(/[\\%_]/g, (c) => `\\${c}`);
  // Times as Prisma writes a DateTime (timestamp(3), UTC), compared as such whatever the session's zone.
  const beforeAt = cursor?.at.toISOString() ?? null;
  const beforeId = cursor?.id ?? null;
  // One row more than the page says whether an older page exists.
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
              AND (${q}::text IS NULL OR r.id = ${q}::text OR (length(${q}::text) >= 6 AND r.id LIKE '%' || ${like}::text)
                   OR r.error ILIKE '%' || ${like}::text || '%')
              AND (${beforeAt}::text IS NULL OR r."createdAt" < ${beforeAt}::timestamp(3)
                   OR (r."createdAt" = ${beforeAt}::timestamp(3) AND ${beforeId}::text IS NOT NULL AND r.id < ${beforeId}::text))
            ORDER BY r."createdAt" DESC, r.id DESC
            LIMIT ${opts.limit + 1}) r
     WHERE w."workspaceId" = ANY(${ids}::text[]) AND (${workflowId}::text IS NULL OR w.id = ${workflowId}::text)
     ORDER BY r."createdAt" DESC, r.id DESC
     LIMIT ${opts.limit + 1}`;
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  return {
    runs: page.map(runTimesIso),
    nextBefore: rows.length > opts.limit && last ? deliveriesCursorAfter({ receivedAt: last.createdAt, id: last.id }) : null,
  };
}
