// One firing of a Scheduler trigger: the run (trigger output {scheduledFor, firedAt}) and its
// run-execute job commit together. The run's id is the firing job's id, so a firing job that is
// retried after its transaction committed finds its run and creates no second one.
import { fromPrisma, type PgBoss } from "pg-boss";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { QUEUES } from "@/lib/jobs/queues";
import { desiredSchedule } from "@/lib/triggers/sync-workflow-schedule";
import { scheduleOccurrence } from "@/lib/triggers/schedule-occurrence";

export type FireScheduledRunOptions = { boss: PgBoss; jobId: string; workflowId: string; firedAt?: Date };

/** The run id, or null when the workflow is no longer Live with a Scheduler trigger (a stale schedule). */
export async function fireScheduledRun({ boss, jobId, workflowId, firedAt = new Date() }: FireScheduledRunOptions): Promise<string | null> {
  try {
    return await db().$transaction(async (tx) => {
      const workflow = await tx.workflow.findUnique({ where: { id: workflowId }, select: { id: true, workspaceId: true, mode: true, steps: true } });
      const schedule = workflow && desiredSchedule(workflow);
      if (!workflow || !schedule) return null;
      const scheduledFor = scheduleOccurrence(schedule.cron, schedule.timezone, firedAt);
      const run = await tx.run.create({
        data: {
          id: jobId,
          workflowId: workflow.id,
          workspaceId: workflow.workspaceId,
          status: "queued",
          trigger: { scheduledFor: scheduledFor.toISOString(), firedAt: firedAt.toISOString() },
        },
      });
      await boss.send(QUEUES.runExecute.name, { runId: run.id }, { db: fromPrisma(tx) });
      return run.id;
    });
  } catch (e) {
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") return jobId;
    throw e;
  }
}
