// Stop: ends a run that has not ended yet (queued, running, or waiting on a Wait step or a
// retry) as `stopped`, naming who stopped it. Its step in progress ends as failed with that
// reason, and the steps it never reached are recorded skipped, as when a run fails. The worker
// learns of it at its next write: a step record of an ended run is refused
// (lib/runs/write-progress.ts), so at most the step executing at that moment completes, and an
// HTTP Request or AI Prompt not yet started is not sent; a parked run's wake-up finds it ended.
import { conflict, notFound } from "@/lib/api/errors";
import { recordWorkflowEvent } from "@/lib/audit/record-workflow-event";
import { db } from "@/lib/db/client";
import { getRun } from "@/lib/runs/get-run";
import { requireRunRole } from "@/lib/runs/require-run-role";
import type { RunView } from "@/lib/runs/to-run-view";
import { storedSteps } from "@/lib/workflows/stored-steps";

export async function stopRun({ runId, userId }: { runId: string; userId: string }): Promise<RunView> {
  await db().$transaction(async (tx) => {
    const run = await tx.run.findUnique({
      where: { id: runId },
      select: { workspaceId: true, status: true, scope: true, workflow: { select: { id: true, workspaceId: true, name: true, steps: true } } },
    });
    if (!run) throw notFound("run");
    await requireRunRole({ userId, workspaceId: run.workspaceId, min: "editor", tx });
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
    const reason = `stopped by ${user.email}`;
    const now = new Date();
    // The status test is in the UPDATE itself: a run the worker ends meanwhile stays as it ended.
    const stopped = await tx.run.updateMany({ where: { id: runId, status: { in: ["queued", "running", "waiting"] } }, data: { status: "stopped", error: reason, finishedAt: now } });
    if (stopped.count === 0) {
      // Ended meanwhile, perhaps: say how it ended now, not how it stood when read above.
      const { status } = await tx.run.findUniqueOrThrow({ where: { id: runId }, select: { status: true } });
      throw conflict("run_finished", `the run has already ended (${status}); there is nothing to stop`, { status });
    }
    await tx.runStep.updateMany({
      where: { runId, status: { in: ["pending", "running", "waiting"] } },
      data: { status: "failed", error: `the run was ${reason} during this step`, finishedAt: now },
    });
    // Every step without a record is skipped (a trigger or single-step test records only what it
    // executes). After the run's update, which waited for a progress write under way, and never
    // over a record: a step the worker recorded stays as it was. A step executing now (a Code
    // step: only HTTP and AI steps are recorded before they start) ends skipped; its result is
    // refused with the rest of the run's writes.
    if (run.scope === "workflow") {
      await tx.runStep.createMany({
        data: storedSteps(run.workflow).map((s, i) => ({ runId, stepId: s.id, number: i + 1, kind: s.kind, status: "skipped" as const, finishedAt: now })),
        skipDuplicates: true,
      });
    }
    await recordWorkflowEvent({ workflow: run.workflow, userId, action: "run_stopped", details: { runId }, tx });
  });
  return getRun({ runId, userId });
}
