// Parks a run until a later instant (a Wait step, or the backoff before a step's next attempt):
// the step record and the run's `waiting` status are saved together with a delayed run-execute
// job in one transaction, so no worker holds the run and a restart loses nothing.
import { fromPrisma } from "pg-boss";
import type { PgBoss } from "pg-boss";
import { db } from "@/lib/db/client";
import { QUEUES } from "@/lib/jobs/queues";
import type { StepWrite } from "@/lib/runs/run-records";
import { writeProgress } from "@/lib/runs/write-progress";

export type ScheduleRunResumeOptions = { boss: PgBoss; runId: string; at: Date; step: StepWrite };

/** False when the step had already been completed elsewhere (nothing was scheduled). */
export async function scheduleRunResume({ boss, runId, at, step }: ScheduleRunResumeOptions): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const written = await writeProgress({ steps: [step], runs: [{ id: runId, status: "waiting", finishedAt: null }], tx });
    if (!written.has(`${step.runId}/${step.stepId}`)) return false;
    await boss.send(QUEUES.runExecute.name, { runId }, { startAfter: at, db: fromPrisma(tx) });
    return true;
  });
}
