// What "Run the stopped runs again" would start, for the notice that offers it (the client review
// page): how many runs pushes stopped that were not run again since, by push, when they arrived,
// and why the action is refused now, if it is (the 409's words). Readable by a viewer, who is
// shown it without the button. Counted with the action's own filter (rerun-stopped-runs.ts) on its
// partial index: a workflow with millions of runs reads only the stopped ones.
import { db, type Tx } from "@/lib/db/client";
import { stoppedRunsBlocker, type StoppedRunsBlocker } from "@/lib/runs/stopped-runs-blocker";
import { loadWorkflow } from "@/lib/workflows/load-workflow";

export type StoppedRunsView = {
  /** The runs the action starts now (or once it is allowed). */
  count: number;
  /** Those runs by the push that stopped them, newest push first. */
  pushes: { pushedAt: string; count: number }[];
  /** When the oldest and newest of them arrived (their runs' creation). */
  firstAt: string | null;
  lastAt: string | null;
  /** Runs a push stopped whose payload retention has cleared: nothing to run them with. */
  payloadCleared: number;
  /** Why the action is refused now (its 409), or null. */
  blocked: StoppedRunsBlocker | null;
};

export async function getStoppedRuns({ workflowId, userId, tx }: { workflowId: string; userId: string; tx?: Tx }): Promise<StoppedRunsView> {
  const c = tx ?? db();
  const workflow = await loadWorkflow({ workflowId, userId, role: "viewer", tx });
  const [groups, copy] = await Promise.all([
    c.$queryRaw<{ pushedAt: Date; cleared: boolean; count: number; firstAt: Date; lastAt: Date }[]>`
      SELECT "stoppedByPushAt" AS "pushedAt", "outputsClearedAt" IS NOT NULL AS cleared, count(*)::int AS count,
             min("createdAt") AS "firstAt", max("createdAt") AS "lastAt"
      FROM "Run"
      WHERE "workflowId" = ${workflowId} AND "stoppedByPushAt" IS NOT NULL AND "rerunRunId" IS NULL AND NOT test AND scope = 'workflow'
      GROUP BY 1, 2 ORDER BY 1 DESC`,
    c.workflowCopy.findUnique({ where: { copyWorkflowId: workflowId }, select: { pushedAt: true, reviewedAt: true, sourceVersion: true } }),
  ]);
  const runnable = groups.filter((g) => !g.cleared);
  const times = runnable.flatMap((g) => [g.firstAt.getTime(), g.lastAt.getTime()]);
  return {
    count: runnable.reduce((n, g) => n + g.count, 0),
    pushes: runnable.map((g) => ({ pushedAt: g.pushedAt.toISOString(), count: g.count })),
    firstAt: times.length ? new Date(Math.min(...times)).toISOString() : null,
    lastAt: times.length ? new Date(Math.max(...times)).toISOString() : null,
    payloadCleared: groups.filter((g) => g.cleared).reduce((n, g) => n + g.count, 0),
    blocked: stoppedRunsBlocker({ mode: workflow.mode, pushedAt: copy?.pushedAt ?? null, reviewedAt: copy?.reviewedAt ?? null, sourceVersion: copy?.sourceVersion ?? null }),
  };
}
