// One firing of a Scheduler trigger: the run (trigger output {scheduledFor, firedAt}) and its
// run-execute job commit together. The run's id is the firing job's id, so a firing job that is
// retried after its transaction committed finds its run and creates no second one. pg-boss
// treats an occurrence of the last minute as due, so a schedule registered at 02:00:40 would
// fire for 02:00; an occurrence from before the schedule existed (`notBefore`) starts nothing.
import { fromPrisma, type PgBoss } from "pg-boss";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { QUEUES } from "@/lib/jobs/queues";
import { desiredSchedule } from "@/lib/triggers/sync-workflow-schedule";
import { scheduleOccurrence } from "@/lib/triggers/schedule-occurrence";

export type FireScheduledRunOptions = { boss: PgBoss; jobId: string; workflowId: string; firedAt?: Date; notBefore?: Date };

/** created (or already created by an earlier attempt of this firing); stale: the workflow is no
 *  longer Live with a Scheduler trigger; early: the occurrence predates the schedule. */
export type FireResult = { outcome: "created"; runId: string } | { outcome: "stale" | "early" };

export async function fireScheduledRun({ boss, jobId, workflowId, firedAt = new Date(), notBefore }: FireScheduledRunOptions): Promise<FireResult> {
  try {
    return await db().$transaction(async (tx) => {
      const workflow = await tx.workflow.findUnique({ where: { id: workflowId }, select: { id: true, workspaceId: true, mode: true, steps: true } });
      const schedule = workflow && desiredSchedule(workflow);
      if (!workflow || !schedule) return { outcome: "stale" as const };
      const scheduledFor = scheduleOccurrence(schedule.cron, schedule.timezone, firedAt);
      if (notBefore && scheduledFor.getTime() < notBefore.getTime() - 1_000) return { outcome: "early" as const };
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
      return { outcome: "created" as const, runId: run.id };
    });
  } catch (e) {
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") return { outcome: "created", runId: jobId };
    throw e;
  }
}
