// The step a worker was executing when its run was stopped elsewhere (Stop, a re-push), recorded
// as the failure it was. The stop fails a step in progress only if it has a record, and a Code step
// keeps none while it runs (execute-run.ts: only HTTP Request and AI Prompt steps are recorded
// before they start), so the stop recorded it skipped like the steps never reached, and the
// worker's own write of it is refused (write-progress.ts). Called by the worker once it learns of
// the stop: its step's sandbox was ended, or its result write was refused
// (create-run-job-handler.ts) — never on the path of a run that was not stopped.
import { db } from "@/lib/db/client";
import { stopStepError } from "@/lib/runs/end-run-stopped";

export type StoppedStep = { stepId: string; number: number; kind: string; attempts: number; startedAt: Date };

/** true: the step now reads failed. false: the run was not stopped, or the step already had a
 *  record of its own (failed by the stop, finished before it): left as it was, so repeating is harmless. */
export async function recordStoppedStep({ runId, step }: { runId: string; step: StoppedStep }): Promise<boolean> {
  const run = await db().run.findUnique({ where: { id: runId }, select: { status: true, error: true } });
  if (run?.status !== "stopped" || run.error === null) return false;
  // Only over the stop's own placeholder (skipped, no error) or no record at all (a single-step
  // test's stop records no skipped steps); the run's status tested again in the same statement.
  // As Prisma writes a DateTime (timestamp(3), UTC), whatever the session's time zone.
  const started = step.startedAt.toISOString();
  const written = await db().$executeRaw`
    INSERT INTO "RunStep" ("runId", "stepId", number, kind, status, error, attempts, "startedAt", "firstStartedAt", "finishedAt")
    SELECT r.id, ${step.stepId}::text, ${step.number}::int, ${step.kind}::text, 'failed'::"StepStatus", ${stopStepError(run.error)}::text,
           ${step.attempts}::int, ${started}::timestamp(3), ${started}::timestamp(3), r."finishedAt"
    FROM "Run" r WHERE r.id = ${runId} AND r.status = 'stopped'
    ON CONFLICT ("runId", "stepId") DO UPDATE SET
      status = 'failed', error = EXCLUDED.error, attempts = EXCLUDED.attempts, "startedAt" = EXCLUDED."startedAt",
      "firstStartedAt" = COALESCE("RunStep"."firstStartedAt", EXCLUDED."startedAt"), "finishedAt" = EXCLUDED."finishedAt"
    WHERE "RunStep".status = 'skipped' AND "RunStep".error IS NULL`;
  return written > 0;
}
