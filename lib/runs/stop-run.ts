// Stop: ends a run that has not ended yet (queued, running, or waiting on a Wait step or a
// retry) as `stopped`, naming who stopped it (end-run-stopped.ts: its step in progress fails with
// that reason, the steps it never reached are recorded skipped). The worker executing it sees the
// run ended within about a second and interrupts its step (create-run-job-handler.ts); its next
// write is refused in any case.
import { conflict, notFound } from "@/lib/api/errors";
import { recordWorkflowEvent } from "@/lib/audit/record-workflow-event";
import { db } from "@/lib/db/client";
import { endRunStopped, stopStepError } from "@/lib/runs/end-run-stopped";
import { getRun } from "@/lib/runs/get-run";
import { requireRunRole } from "@/lib/runs/require-run-role";
import type { RunView } from "@/lib/runs/to-run-view";
import { storedSteps } from "@/lib/workflows/stored-steps";

export async function stopRun({ runId, userId }: { runId: string; userId: string }): Promise<RunView> {
  await db().$transaction(async (tx) => {
    // The workspace's row before the run's (as load-workflow.ts does): a client's delete holds it
    // and then cascades to the run, which this would otherwise hold while its audit event waits.
    await tx.$queryRaw`SELECT 1 FROM "Workspace" WHERE id = (SELECT "workspaceId" FROM "Run" WHERE id = ${runId}) FOR KEY SHARE`;
    const run = await tx.run.findUnique({
      where: { id: runId },
      select: { workspaceId: true, status: true, workflow: { select: { id: true, workspaceId: true, name: true, steps: true } } },
    });
    if (!run) throw notFound("run");
    await requireRunRole({ userId, workspaceId: run.workspaceId, min: "editor", tx });
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
    const reason = `stopped by ${user.email}`;
    if (!(await endRunStopped({ runId, steps: storedSteps(run.workflow), reason, stepError: stopStepError(reason), tx }))) {
      // Ended meanwhile, perhaps: say how it ended now, not how it stood when read above.
      const { status } = await tx.run.findUniqueOrThrow({ where: { id: runId }, select: { status: true } });
      throw conflict("run_finished", `the run has already ended (${status}); there is nothing to stop`, { status });
    }
    await recordWorkflowEvent({ workflow: run.workflow, userId, action: "run_stopped", details: { runId }, tx });
  });
  return getRun({ runId, userId });
}
