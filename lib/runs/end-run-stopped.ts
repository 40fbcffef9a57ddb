// The one way a run that has not ended is ended as `stopped`, shared by Stop run (a person,
// stop-run.ts) and a re-push that replaces a copy's steps (push-workflow.ts): the run records
// `reason`, its step in progress fails with `stepError`, and the steps it never reached are
// recorded skipped, as when a run fails. The worker learns of it at its next write: a step record
// of an ended run is refused (write-progress.ts), so at most the step executing at that moment
// completes, and an HTTP Request or AI Prompt not yet started is not sent; a parked run's
// wake-up finds it ended.
import type { Tx } from "@/lib/db/client";
import type { Step } from "@/lib/workflows/definition";

export const UNFINISHED_RUN_STATUSES = ["queued", "running", "waiting"] as const;

/** Why a run of a pushed copy ended: by the re-push itself (push-workflow.ts), or by the worker
 *  when a run reaches it while that push awaits the client's review (stop-unreviewed-run.ts). */
export const PUSH_STOP_REASON =
  "stopped because your provider pushed a new version of this workflow; it runs again once you have reviewed that version and gone Live";
export const PUSH_STOP_STEP_ERROR = "the run was stopped during this step because your provider pushed a new version of this workflow";

export type EndRunStoppedOptions = {
  runId: string;
  scope: string;
  /** The steps the run was on (read before any replacement in the same transaction). */
  steps: Step[];
  reason: string;
  stepError: string;
  now?: Date;
  tx: Tx;
};

/** false: the run had ended already (perhaps just now, by its worker); nothing was written. */
export async function endRunStopped({ runId, scope, steps, reason, stepError, now = new Date(), tx }: EndRunStoppedOptions): Promise<boolean> {
  // The status test is in the UPDATE itself: a run the worker ends meanwhile stays as it ended.
  const stopped = await tx.run.updateMany({ where: { id: runId, status: { in: [...UNFINISHED_RUN_STATUSES] } }, data: { status: "stopped", error: reason, finishedAt: now } });
  if (stopped.count === 0) return false;
  await tx.runStep.updateMany({
    where: { runId, status: { in: ["pending", "running", "waiting"] } },
    data: { status: "failed", error: stepError, finishedAt: now },
  });
  // Every step without a record is skipped (a trigger or single-step test records only what it
  // executes). After the run's update, which waited for a progress write under way, and never
  // over a record: a step the worker recorded stays as it was. A step executing now (a Code
  // step: only HTTP and AI steps are recorded before they start) ends skipped; its result is
  // refused with the rest of the run's writes.
  if (scope === "workflow") {
    await tx.runStep.createMany({
      data: steps.map((s, i) => ({ runId, stepId: s.id, number: i + 1, kind: s.kind, status: "skipped" as const, finishedAt: now })),
      skipDuplicates: true,
    });
  }
  return true;
}
