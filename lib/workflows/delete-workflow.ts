// Deleting a workflow removes its runs, endpoints and deliveries (foreign-key cascade). Its
// trigger is synced as if it had no steps first (its webhook URL retired in the same path as a
// replaced trigger's). A Scheduler has nothing outside the row: the worker's per-minute check
// reads Live schedules from the workflows (lib/triggers/fire-due-schedules.ts). The audit
// log keeps who deleted it (its events name the workflow, which has no foreign key there).
import { recordWorkflowEvent } from "@/lib/audit/record-workflow-event";
import { db, type Tx } from "@/lib/db/client";
import { loadWorkflow } from "@/lib/workflows/load-workflow";
import { syncTrigger } from "@/lib/workflows/sync-trigger";

export async function deleteWorkflow({ workflowId, userId, tx }: { workflowId: string; userId: string; tx?: Tx }): Promise<void> {
  const write = async (t: Tx) => {
    const workflow = await loadWorkflow({ workflowId, userId, role: "editor", tx: t, lock: true });
    await syncTrigger({ workflow: { id: workflow.id, mode: "draft", steps: [] }, tx: t });
    await t.workflow.delete({ where: { id: workflow.id } });
    await recordWorkflowEvent({ workflow, userId, action: "workflow_deleted", details: { mode: workflow.mode }, tx: t });
  };
  await (tx ? write(tx) : db().$transaction(write));
}
