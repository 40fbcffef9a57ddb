// The worker's half of "a re-push stops the copy's runs": a run the push could not see, because
// its delivery (or Scheduler firing) read the copy as Live just before the push and its insert
// waited on the push's lock on the copy's row, committing after it. Queued on steps the client
// has not reviewed, it is ended stopped as the push would have ended it, never executed: its
// HTTP and AI steps would act with the client's accounts and secrets. The same holds for a run
// resuming from a Wait or a retry. Known per batch (load-run-batch.ts: unreviewedPush), so a
// run of any other workflow costs nothing more.
import { db } from "@/lib/db/client";
import { endRunStopped, PUSH_STOP_REASON, PUSH_STOP_STEP_ERROR } from "@/lib/runs/end-run-stopped";
import { FINAL_RUN_STATUSES, type RunWork } from "@/lib/runs/run-records";

/** stopped: this call ended the run; already_final: it had ended (nothing written). */
export async function stopUnreviewedRun({ work }: { work: RunWork }): Promise<"stopped" | "already_final"> {
  const { run, steps } = work;
  if (FINAL_RUN_STATUSES.has(run.status)) return "already_final";
  const ended = await db().$transaction((tx) =>
    // Stopped by the push that awaits review: the copy's latest, whose instant it records.
    endRunStopped({ runId: run.id, steps, reason: PUSH_STOP_REASON, stepError: PUSH_STOP_STEP_ERROR, byPush: "last push", tx }),
  );
  return ended ? "stopped" : "already_final";
}
