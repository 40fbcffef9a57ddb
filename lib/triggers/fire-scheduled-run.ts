// One firing of a Scheduler trigger: the run (trigger output {scheduledFor, firedAt}) and its
// run-execute job commit together. One occurrence makes one run: the run is keyed by
// (workflow, scheduledFor), and a second firing job for the same occurrence — pg-boss's
// `missed: once` catch-up plus the due slot when a workflow goes Live in the last seconds of a
// minute, or another worker — finds the key taken (ON CONFLICT DO NOTHING) and completes
// without a run. The run's id is the firing job's id, so a retry of the job that made it still
// reports it. pg-boss treats an occurrence of the last minute as due, so a schedule registered
// at 02:00:40 would fire for 02:00; an occurrence from before the schedule existed
// (`notBefore`) starts nothing.
import { fromPrisma, type PgBoss } from "pg-boss";
import { db } from "@/lib/db/client";
import { QUEUES } from "@/lib/jobs/queues";
import { desiredSchedule } from "@/lib/triggers/sync-workflow-schedule";
import { scheduleOccurrence } from "@/lib/triggers/schedule-occurrence";

export type FireScheduledRunOptions = { boss: PgBoss; jobId: string; workflowId: string; firedAt?: Date; notBefore?: Date };

/** created (or already created by an earlier attempt of this firing); duplicate: another firing
 *  made this occurrence's run; stale: the workflow is no longer Live with a Scheduler trigger;
 *  early: the occurrence predates the schedule. */
export type FireResult = { outcome: "created"; runId: string } | { outcome: "duplicate" | "stale" | "early" };

export async function fireScheduledRun({ boss, jobId, workflowId, firedAt = new Date(), notBefore }: FireScheduledRunOptions): Promise<FireResult> {
  return db().$transaction(async (tx) => {
    const workflow = await tx.workflow.findUnique({ where: { id: workflowId }, select: { id: true, workspaceId: true, mode: true, steps: true } });
    const schedule = workflow && desiredSchedule(workflow);
    if (!workflow || !schedule) return { outcome: "stale" as const };
    const scheduledFor = scheduleOccurrence(schedule.cron, schedule.timezone, firedAt);
    if (notBefore && scheduledFor.getTime() < notBefore.getTime() - 1_000) return { outcome: "early" as const };
    const { count } = await tx.run.createMany({
      data: {
        id: jobId,
        workflowId: workflow.id,
        workspaceId: workflow.workspaceId,
        status: "queued",
        scheduledFor,
        trigger: { scheduledFor: scheduledFor.toISOString(), firedAt: firedAt.toISOString() },
      },
      skipDuplicates: true,
    });
    if (count === 0) {
      const own = await tx.run.findUnique({ where: { id: jobId }, select: { id: true } });
      return own ? { outcome: "created" as const, runId: jobId } : { outcome: "duplicate" as const };
    }
    await boss.send(QUEUES.runExecute.name, { runId: jobId }, { db: fromPrisma(tx) });
    return { outcome: "created" as const, runId: jobId };
  });
}
