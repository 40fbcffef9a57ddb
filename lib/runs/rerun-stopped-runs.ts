// "Run the stopped runs again": once the client has reviewed the version its provider pushed and
// taken it Live, every run a push stopped (push-workflow.ts, or the worker while that push awaited
// review: stop-unreviewed-run.ts) and not run again since starts again in one action, each as a new
// run with the stopped run's trigger payload (copied as stored, inside the database) on the version
// now Live. They are live runs, not tests: each was a real delivery (or Scheduler firing) that the
// push kept from completing, and the client now has the version that would have handled it Live.
// Each stopped run starts again at most once, by this action or by Run again (rerun-run.ts): its
// rerunRunId is claimed by a conditional UPDATE, re-checked by PostgreSQL on the row once another
// writer's lock is released, and the copy's row is locked (FOR NO KEY UPDATE) for the whole
// action, so two presses at once, by one person or two, run one after the other and the second
// finds nothing left. The same lock holds a push or an unpublish off until the runs and their jobs
// have committed together. Set-based: one statement and one job insert per batch of 2,000 runs.
// Left out: test runs (a person's own tries) and runs whose payload retention has cleared (counted
// in payloadCleared, as Run again refuses them).
import { fromPrisma } from "pg-boss";
import { conflict, notFound } from "@/lib/api/errors";
import { recordWorkflowEvent } from "@/lib/audit/record-workflow-event";
import { db } from "@/lib/db/client";
import { unlessParentGone } from "@/lib/db/parent-gone";
import { producer } from "@/lib/jobs/boss";
import { QUEUES, type RunExecutePayload } from "@/lib/jobs/queues";
import { stoppedRunsBlocker } from "@/lib/runs/stopped-runs-blocker";
import { loadWorkflow } from "@/lib/workflows/load-workflow";

/** runs: the new runs (queued, live), each with the stopped run it repeats, oldest delivery first. */
export type RerunStoppedRunsResult = { started: number; runs: { id: string; sourceRunId: string }[]; payloadCleared: number };

const BATCH = 2000;

export async function rerunStoppedRuns({ workflowId, userId }: { workflowId: string; userId: string }): Promise<RerunStoppedRunsResult> {
  // Started outside the transaction: pg-boss's first start may take a while and must not hold it open.
  const boss = await producer();
  return unlessParentGone("workflowId", () => notFound("workflow"), () => db().$transaction(async (tx) => {
    // 404 for a workflow of another tenant (as for a missing id), 403 for a viewer.
    const seen = await loadWorkflow({ workflowId, userId, role: "editor", tx });
    // The workspace before the workflow, as loadWorkflow's lock takes them (a client's delete
    // holds the workspace, then its cascade the workflow). NO KEY UPDATE: deliveries, whose run
    // inserts take KEY SHARE, go on; a push, a mode change or a save waits for this action.
    await tx.$queryRaw`SELECT 1 FROM "Workspace" WHERE id = ${seen.workspaceId} FOR KEY SHARE`;
    const [held] = await tx.$queryRaw<{ name: string; workspaceId: string; mode: string; pushedAt: Date | null; reviewedAt: Date | null; sourceVersion: number | null }[]>`
      SELECT w.name, w."workspaceId", w.mode::text AS mode, c."pushedAt", c."reviewedAt", c."sourceVersion"
      FROM "Workflow" w LEFT JOIN "WorkflowCopy" c ON c."copyWorkflowId" = w.id
      WHERE w.id = ${workflowId} FOR NO KEY UPDATE OF w`;
    if (!held) throw notFound("workflow");
    const blocker = stoppedRunsBlocker(held);
    if (blocker) throw conflict(blocker.error, blocker.message);

    const runs: { id: string; sourceRunId: string }[] = [];
    for (;;) {
      const batch = await tx.$queryRaw<{ id: string; sourceRunId: string }[]>`
        WITH picked AS (
          SELECT id, gen_random_uuid()::text AS "newId" FROM "Run"
          WHERE "workflowId" = ${workflowId} AND "stoppedByPushAt" IS NOT NULL AND "rerunRunId" IS NULL
            AND NOT test AND scope = 'workflow' AND "outputsClearedAt" IS NULL
          ORDER BY "createdAt", id LIMIT ${BATCH}
          FOR NO KEY UPDATE),
        claimed AS (
          UPDATE "Run" r SET "rerunRunId" = p."newId" FROM picked p
          WHERE r.id = p.id AND r."rerunRunId" IS NULL
          RETURNING r.id, p."newId", r."createdAt", r."workspaceId", r.trigger),
        made AS (
          INSERT INTO "Run" (id, "workflowId", "workspaceId", status, test, scope, trigger)
          SELECT "newId", ${workflowId}, "workspaceId", 'queued', false, 'workflow', trigger FROM claimed
          RETURNING id)
        SELECT c."newId" AS id, c.id AS "sourceRunId" FROM claimed c JOIN made m ON m.id = c."newId"
        ORDER BY c."createdAt", c.id`;
      if (batch.length > 0) {
        const jobs = batch.map((r) => ({ data: { runId: r.id } satisfies RunExecutePayload }));
        await boss.insert(QUEUES.runExecute.name, jobs, { db: fromPrisma(tx) });
        runs.push(...batch);
      }
      if (batch.length < BATCH) break;
    }
    const [{ cleared }] = await tx.$queryRaw<{ cleared: number }[]>`
      SELECT count(*)::int AS cleared FROM "Run"
      WHERE "workflowId" = ${workflowId} AND "stoppedByPushAt" IS NOT NULL AND "rerunRunId" IS NULL
        AND NOT test AND scope = 'workflow' AND "outputsClearedAt" IS NOT NULL`;
    if (runs.length > 0) {
      await recordWorkflowEvent({
        workflow: { id: workflowId, workspaceId: held.workspaceId, name: held.name },
        userId,
        action: "stopped_runs_rerun",
        details: { started: runs.length, runs: runs.map((r) => ({ runId: r.id, sourceRunId: r.sourceRunId })) },
        tx,
      });
    }
    return { started: runs.length, runs, payloadCleared: cleared };
  }, { timeout: 60_000 }));
}
