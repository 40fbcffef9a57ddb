// One run with its step records, for the Executions tab. A run in a workspace the caller
// cannot see answers 404 "run not found", like a missing id.
import { AppError, notFound } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import { toRunView, type RunView } from "@/lib/runs/to-run-view";
import { storedSteps } from "@/lib/workflows/stored-steps";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export async function getRun({ runId, userId, tx }: { runId: string; userId: string; tx?: Tx }): Promise<RunView> {
  const c = tx ?? db();
  const run = await c.run.findUnique({
    where: { id: runId },
    include: { steps: { orderBy: { number: "asc" } }, workflow: { select: { steps: true } } },
  });
  if (!run) throw notFound("run");
  try {
    await requireWorkspaceRole(userId, run.workspaceId, "viewer", tx);
  } catch (e) {
    if (e instanceof AppError && e.status === 404) throw notFound("run");
    throw e;
  }
  const { steps, workflow, ...row } = run;
  return toRunView({ run: row, steps, definition: storedSteps(workflow) });
}
