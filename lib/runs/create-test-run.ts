// Test & Debug "Run step" on the trigger: a run marked test, fed with the trigger's Testing
// data (webhook) or a firing at this instant (scheduler), without any network request. The
// run row and its run-execute job commit together or not at all. Works in Draft.
import { fromPrisma } from "pg-boss";
import { conflict, notFound } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import { unlessParentGone } from "@/lib/db/parent-gone";
import { toJsonField } from "@/lib/db/to-json-field";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { producer } from "@/lib/jobs/boss";
import { QUEUES, type RunExecutePayload } from "@/lib/jobs/queues";
import { toRunView, type RunView } from "@/lib/runs/to-run-view";
import { isTriggerKind } from "@/lib/steps/catalog";
import { loadWorkflow } from "@/lib/workflows/load-workflow";
import { assertVersionSeen, type SeenWorkflow } from "@/lib/workflows/assert-version-seen";
import { storedSteps } from "@/lib/workflows/stored-steps";

/** "step": the worker records step 1 only; "workflow": it runs every step (Run now). */
export type RunScope = "step" | "workflow";

export type CreateTestRunOptions = { workflowId: string; userId: string; scope?: RunScope; seen?: SeenWorkflow; tx?: Tx };

export async function createTestRun({ workflowId, userId, scope, seen = {}, tx }: CreateTestRunOptions): Promise<RunView> {
  // Started outside the transaction: pg-boss's first start may take a while and must not hold it open.
  const boss = await producer();
  const write = async (t: Tx) => {
    const workflow = await loadWorkflow({ workflowId, userId, role: "editor", tx: t });
    const definition = storedSteps(workflow);
    const trigger = definition[0];
    await assertVersionSeen(workflow, seen, t, trigger && { id: trigger.id, number: 1 });
    if (!trigger || !isTriggerKind(trigger.kind)) {
      throw conflict("trigger_required", "step 1 is not a trigger (Webhook or Scheduler), so there is nothing to run; add one first");
    }
    const now = new Date().toISOString();
    // No Testing data yet: an empty object, the smallest payload a webhook sender could post.
    const payload = trigger.kind === "webhook" ? (trigger.config.testingData === undefined ? {} : trigger.config.testingData) : { scheduledFor: now, firedAt: now };
    const run = await t.run.create({
      data: {
        workflowId: workflow.id,
        workspaceId: workflow.workspaceId,
        test: true,
        status: "queued",
        scope: scope ?? (trigger.kind === "webhook" ? "step" : "workflow"),
        trigger: payload === null ? Prisma.JsonNull : toJsonField(payload),
      },
    });
    const job: RunExecutePayload = { runId: run.id };
    await boss.send(QUEUES.runExecute.name, job, { db: fromPrisma(t) });
    // The trigger as sent, not as Prisma read it back: JSON.parse rounds a 64-bit id and makes
    // 1e400 Infinity (written null) where the row holds the Testing data as typed.
    return toRunView({ run: { ...run, trigger: payload as typeof run.trigger }, steps: [], definition });
  };
  // The workflow deleted at the same moment: its 404, as once it is gone.
  return unlessParentGone("workflowId", () => notFound("workflow"), () => (tx ? write(tx) : db().$transaction(write)));
}
