// A run-execute job that used up its attempts lands in the dead-letter queue. When that happens
// without the run having ended — every worker that took the job died or was killed mid-run, so
// the engine never got to record a failure — the run would stay "running" forever. Here it is
// failed visibly, with the step that was executing. A run that ended is left alone, and so is
// one that another run-execute job of it still serves (a resume or a retry in flight).
import { db } from "@/lib/db/client";
import { BOSS_SCHEMA } from "@/lib/jobs/boss";
import { QUEUES, runExecutePayload } from "@/lib/jobs/queues";
import { logger } from "@/lib/log";

export const ABANDONED_RUN_ERROR = "the run was abandoned: every worker that executed it stopped before it ended, and its attempts are used up";

/** Returns how many runs were failed. */
export async function failAbandonedRuns({ runIds }: { runIds: readonly string[] }): Promise<number> {
  if (runIds.length === 0) return 0;
  const ids = [...new Set(runIds)];
  return db().$transaction(async (tx) => {
    // Runs still served by a live job of their own are not abandoned.
    const served = await tx.$queryRawUnsafe<{ runId: string }[]>(
      `SELECT DISTINCT data->>'runId' AS "runId" FROM ${BOSS_SCHEMA}.job
        WHERE name = $1 AND state IN ('created', 'retry', 'active') AND data->>'runId' = ANY($2::text[])`,
      QUEUES.runExecute.name,
      ids,
    );
    const skip = new Set(served.map((r) => r.runId));
    const abandoned = ids.filter((id) => !skip.has(id));
    if (abandoned.length === 0) return 0;
    const failed = await tx.$queryRawUnsafe<{ id: string }[]>(
      `UPDATE "Run" SET status = 'failed', error = $2, "finishedAt" = now()
        WHERE id = ANY($1::text[]) AND status IN ('queued', 'running', 'waiting') RETURNING id`,
      abandoned,
      ABANDONED_RUN_ERROR,
    );
    const failedIds = failed.map((r) => r.id);
    if (failedIds.length > 0) {
      await tx.$executeRawUnsafe(
        `UPDATE "RunStep" SET status = 'failed', error = $2, "finishedAt" = now() WHERE "runId" = ANY($1::text[]) AND status = 'running'`,
        failedIds,
        ABANDONED_RUN_ERROR,
      );
    }
    return failedIds.length;
  });
}

/** The worker's consumer of run-execute-dead: dead letters carry their run-execute payload. */
export async function handleRunDeadLetters(jobs: readonly { data: unknown }[]): Promise<void> {
  const runIds = jobs.flatMap((j) => {
    const parsed = runExecutePayload.safeParse(j.data);
    return parsed.success ? [parsed.data.runId] : [];
  });
  const failed = await failAbandonedRuns({ runIds });
  if (failed > 0) logger().error({ runIds, failed }, "abandoned runs failed: their run-execute jobs ran out of attempts");
}
