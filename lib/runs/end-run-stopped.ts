// The one way a run that has not ended is ended as `stopped`, shared by Stop run (a person,
// stop-run.ts), a re-push that replaces a copy's steps (push-workflow.ts: all of the copy's runs
// at once) and the worker (stop-unreviewed-run.ts): the run records
// `reason`, its step in progress fails with `stepError`, and the steps it never reached are
// recorded skipped, as when a run fails. The worker learns of it at its next write — a step record
// of an ended run is refused (write-progress.ts), so an HTTP Request or AI Prompt not yet started
// is not sent — or, for a step that has run a second or more, from its once-a-second check of its
// runs (create-run-job-handler.ts), which aborts the run's signal: a Code step's sandbox ends, an
// HTTP Request or AI Prompt stops waiting for its answer (which may already have been sent), and
// no further step starts. Either way the worker then records the step it was executing failed
// with the same error, if the stop had no record of it to fail (record-stopped-step.ts). A parked
// run's wake-up finds it ended.
import type { Tx } from "@/lib/db/client";
import type { Step } from "@/lib/workflows/definition";

export const UNFINISHED_RUN_STATUSES = ["queued", "running", "waiting"] as const;

/** Why a run of a pushed copy ended: by the re-push itself (push-workflow.ts), or by the worker
 *  when a run reaches it while that push awaits the client's review (stop-unreviewed-run.ts). */
export const PUSH_STOP_REASON =
  "stopped because your provider pushed a new version of this workflow; it does not run again by itself: once you have reviewed that version and gone Live, “Run the stopped runs again” on this workflow's review page starts it again with the same data, on the version then Live";
export const PUSH_STOP_STEP_ERROR = "the run was stopped during this step because your provider pushed a new version of this workflow";

/** The error of the step a run was on when it was stopped for `reason` (the run's error): the one
 *  wording, whether the stop records it (a step recorded in progress) or the worker does after
 *  (a Code step executing then, record-stopped-step.ts). */
export function stopStepError(reason: string): string {
  return reason === PUSH_STOP_REASON ? PUSH_STOP_STEP_ERROR : `the run was ${reason} during this step`;
}

type StopWrite = {
  /** The steps the runs were on (read before any replacement in the same transaction). */
  steps: Step[];
  reason: string;
  stepError: string;
  /** A stop by a push: that push's instant, recorded as the run's stoppedByPushAt (what "Run the
   *  stopped runs again" starts: rerun-stopped-runs.ts); "last push": the instant of the copy's
   *  latest push (the worker's stop while that push awaits review). Left out: not a push's stop. */
  byPush?: Date | "last push";
  now?: Date;
  tx: Tx;
};

export type EndRunStoppedOptions = StopWrite & { runId: string };

/** false: the run had ended already (perhaps just now, by its worker); nothing was written. */
export async function endRunStopped({ runId, ...write }: EndRunStoppedOptions): Promise<boolean> {
  return (await endRunsStopped({ which: { runIds: [runId] }, ...write })).length > 0;
}

export type EndRunsStoppedOptions = StopWrite & {
  /** These runs, or every run of this workflow that has not ended. */
  which: { runIds: readonly string[] } | { workflowId: string };
};

/** Ends every run `which` names that has not ended, in three statements whatever their number
 *  (a re-push may stop thousands of a copy's queued runs inside its transaction). Returns the
 *  ids it ended, oldest first; a run that had ended already is left as it was. */
export async function endRunsStopped({ which, steps, reason, stepError, byPush, now = new Date(), tx }: EndRunsStoppedOptions): Promise<string[]> {
  // The time as Prisma writes a DateTime (timestamp(3), UTC), whatever the session's time zone.
  const at = now.toISOString();
  const [filter, key] = "workflowId" in which ? [`"workflowId" = $1`, which.workflowId] : [`id = ANY($1::text[])`, [...which.runIds]];
  const pushAt = byPush === undefined ? null : byPush === "last push" ? null : byPush.toISOString();
  // The status test is in the UPDATE itself: a run the worker ends meanwhile stays as it ended.
  const ended = await tx.$queryRawUnsafe<{ id: string; scope: string }[]>(
    `WITH ended AS (
       UPDATE "Run" SET status = 'stopped', error = $2, "finishedAt" = $3::timestamp(3),
         "stoppedByPushAt" = CASE WHEN $5::boolean
           THEN COALESCE($4::timestamp(3), (SELECT c."pushedAt" FROM "WorkflowCopy" c WHERE c."copyWorkflowId" = "Run"."workflowId")) END
       WHERE ${filter} AND status IN (${UNFINISHED_RUN_STATUSES.map((s) => `'${s}'`).join(", ")})
       RETURNING id, scope, "createdAt")
     SELECT id, scope FROM ended ORDER BY "createdAt", id`,
    key,
    reason,
    at,
    pushAt,
    byPush !== undefined,
  );
  if (ended.length === 0) return [];
  const ids = ended.map((r) => r.id);
  await tx.$executeRawUnsafe(
    `UPDATE "RunStep" SET status = 'failed', error = $2, "finishedAt" = $3::timestamp(3)
     WHERE "runId" = ANY($1::text[]) AND status IN ('pending', 'running', 'waiting')`,
    ids,
    stepError,
    at,
  );
  // Every step without a record is skipped (a trigger or single-step test records only what it
  // executes). After the runs' update, which waited for a progress write under way, and never
  // over a record: a step the worker recorded stays as it was. A step executing now without a
  // record (a Code step: only HTTP and AI steps are recorded before they start) is skipped here
  // for the moment; its result is refused with the rest of the run's writes, and the worker, once
  // it learns of the stop, turns that record into the failure above (record-stopped-step.ts).
  const whole = ended.filter((r) => r.scope === "workflow").map((r) => r.id);
  if (whole.length > 0 && steps.length > 0) {
    await tx.$executeRawUnsafe(
      `INSERT INTO "RunStep" ("runId", "stepId", number, kind, status, "finishedAt")
       SELECT r.id, s."stepId", s.number, s.kind, 'skipped', $5::timestamp(3)
       FROM unnest($1::text[]) AS r(id)
       CROSS JOIN unnest($2::text[], $3::int[], $4::text[]) AS s("stepId", number, kind)
       ON CONFLICT ("runId", "stepId") DO NOTHING`,
      whole,
      steps.map((s) => s.id),
      steps.map((_, i) => i + 1),
      steps.map((s) => s.kind),
      at,
    );
  }
  return ids;
}
