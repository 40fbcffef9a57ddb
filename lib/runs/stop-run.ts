// Stop: ends a run that has not ended yet (queued, running, or waiting on a Wait step or a
// retry) as `stopped`, naming who stopped it. Its step in progress ends as failed with that
// reason. The worker learns of it at its next write: a step record of an ended run is refused
// (lib/runs/write-progress.ts), so at most the step executing at that moment completes, and an
// HTTP Request or AI Prompt not yet started is not sent; a parked run's wake-up finds it ended.
import { conflict, notFound } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { getRun } from "@/lib/runs/get-run";
import { requireRunRole } from "@/lib/runs/require-run-role";
import type { RunView } from "@/lib/runs/to-run-view";

export async function stopRun({ runId, userId }: { runId: string; userId: string }): Promise<RunView> {
  await db().$transaction(async (tx) => {
    const run = await tx.run.findUnique({ where: { id: runId }, select: { workspaceId: true, status: true } });
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
  });
  return getRun({ runId, userId });
}
