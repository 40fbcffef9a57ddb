// One firing of a Scheduler trigger: the run (trigger output {scheduledFor, firedAt}) and its
// run-execute job commit together. One occurrence makes one run: the run is keyed by
// (workflow, scheduledFor), and a second firing job for the same occurrence — pg-boss's
// `missed: once` catch-up plus the due slot when a workflow goes Live in the last seconds of a
// minute, or another worker — finds the key taken (ON CONFLICT DO NOTHING) and completes
// without a run. The run's id is the firing job's id, so a retry of the job that made it still
// reports it. pg-boss treats an occurrence of the last minute as due, so a schedule registered
// at 02:00:40 would fire for 02:00; an occurrence from before the schedule existed
// (`notBefore`) starts nothing.
//
// Which occurrence a job is for: pg-boss's job carries the schedule's data only, so it is read
// from when the job was queued (`queuedAt`, the job's createdOn), not from when a worker runs it
// — a job retried 75 s later, or picked up late, still belongs to the minute it was sent in,
// and does not take the next occurrence's key from the job sent for that one. When workers come
// back after downtime, pg-boss queues the catch-up of the most recent missed occurrence and the
// due one at the same instant, both reading as the due one: the firing that finds its
// occurrence taken by another job takes the occurrence before it instead, when that one has no
// run and the schedule already existed then (so a Live-at-hh:mm:54 double firing stays one run).
import { fromPrisma, type PgBoss } from "pg-boss";
import { db } from "@/lib/db/client";
import { QUEUES } from "@/lib/jobs/queues";
import { desiredSchedule } from "@/lib/triggers/sync-workflow-schedule";
import { previousOccurrence, scheduleOccurrence } from "@/lib/triggers/schedule-occurrence";

export type FireScheduledRunOptions = {
  boss: PgBoss;
  jobId: string;
  workflowId: string;
  /** When a worker runs the job: the trigger output's firedAt. */
  firedAt?: Date;
  /** When pg-boss queued the job (its createdOn): which occurrence it is for. Default firedAt. */
  queuedAt?: Date;
  notBefore?: Date;
};

/** created (or already created by an earlier attempt of this firing); duplicate: another firing
 *  made this occurrence's run; stale: the workflow is no longer Live with a Scheduler trigger;
 *  early: the occurrence predates the schedule. */
export type FireResult = { outcome: "created"; runId: string } | { outcome: "duplicate" | "stale" | "early" };

const predates = (occurrence: Date, notBefore: Date | undefined) => notBefore !== undefined && occurrence.getTime() < notBefore.getTime() - 1_000;

export async function fireScheduledRun({ boss, jobId, workflowId, firedAt = new Date(), queuedAt, notBefore }: FireScheduledRunOptions): Promise<FireResult> {
  return db().$transaction(async (tx) => {
    const workflow = await tx.workflow.findUnique({ where: { id: workflowId }, select: { id: true, workspaceId: true, mode: true, steps: true } });
    const schedule = workflow && desiredSchedule(workflow);
    if (!workflow || !schedule) return { outcome: "stale" as const };
    const scheduledFor = scheduleOccurrence(schedule.cron, schedule.timezone, queuedAt ?? firedAt);
    if (predates(scheduledFor, notBefore)) return { outcome: "early" as const };
    const claim = (occurrence: Date) =>
      tx.run.createMany({
        data: {
          id: jobId,
          workflowId: workflow.id,
          workspaceId: workflow.workspaceId,
          status: "queued",
          scheduledFor: occurrence,
          trigger: { scheduledFor: occurrence.toISOString(), firedAt: firedAt.toISOString() },
        },
        skipDuplicates: true,
      });
    if ((await claim(scheduledFor)).count === 0) {
      // Made by an earlier attempt of this job (for this occurrence or the one before)?
      if (await tx.run.findUnique({ where: { id: jobId }, select: { id: true } })) return { outcome: "created" as const, runId: jobId };
      const before = previousOccurrence(schedule.cron, schedule.timezone, scheduledFor);
      if (predates(before, notBefore) || (await claim(before)).count === 0) return { outcome: "duplicate" as const };
    }
    await boss.send(QUEUES.runExecute.name, { runId: jobId }, { db: fromPrisma(tx) });
    return { outcome: "created" as const, runId: jobId };
  });
}
