// Go Live / back to Draft. Idempotent: asking for the current mode re-syncs and answers the
// workflow. The webhook URL is issued on the first go-live and kept across Draft/Live cycles
// (syncTrigger); the mode alone decides whether deliveries are accepted. A change of mode is in
// the workspace's audit log (went_live / unpublished), written in the same transaction.
import { db, type Tx } from "@/lib/db/client";
import { recordWorkflowEvent } from "@/lib/audit/record-workflow-event";
import { assertReviewComplete } from "@/lib/push/assert-review-complete";
import { syncWorkflowSchedule } from "@/lib/triggers/sync-workflow-schedule";
import { assertLiveAccounts } from "@/lib/workflows/assert-live-accounts";
import { assertKeysRightKind } from "@/lib/workflows/assert-keys-right-kind";
import { assertLiveReady } from "@/lib/workflows/assert-live-ready";
import { assertVersionSeen } from "@/lib/workflows/assert-version-seen";
import { loadWorkflow } from "@/lib/workflows/load-workflow";
import { readWorkflowView } from "@/lib/workflows/read-workflow-view";
import { storedSteps } from "@/lib/workflows/stored-steps";
import { syncTrigger } from "@/lib/workflows/sync-trigger";
import type { WorkflowView } from "@/lib/workflows/to-workflow-view";

/** `version`: the one the caller saw (Go live from the editor); a save since is a 409 workflow_changed. */
export type SetWorkflowModeOptions = { workflowId: string; userId: string; mode: "draft" | "live"; version?: number; tx?: Tx };

export async function setWorkflowMode({ workflowId, userId, mode, version, tx }: SetWorkflowModeOptions): Promise<WorkflowView> {
  const write = async (t: Tx) => {
    const before = await loadWorkflow({ workflowId, userId, role: "editor", tx: t, lock: true });
    await assertVersionSeen(before, { version }, t);
    // A pushed copy goes Live only once its client review is complete (409 listing what is
    // missing, accounts included): asked first, as it is the fuller list for such a copy.
    const recorded = mode === "live" && (await assertReviewComplete({ workflow: before, userId, tx: t }));
    if (mode === "live") {
      assertLiveReady(storedSteps(before));
      await assertLiveAccounts({ workspaceId: before.workspaceId, steps: storedSteps(before), tx: t });
      await assertKeysRightKind({ workspaceId: before.workspaceId, steps: storedSteps(before), tx: t });
    }
    const workflow = before.mode === mode ? before : await t.workflow.update({ where: { id: before.id }, data: { mode } });
    if (before.mode !== mode && !recorded) {
      await recordWorkflowEvent({ workflow, userId, action: mode === "live" ? "went_live" : "unpublished", tx: t });
    }
    await syncTrigger({ workflow, tx: t });
    await syncWorkflowSchedule({ before, workflow, tx: t }); // Scheduler: runs occurrences from now on
    return readWorkflowView({ workflow, tx: t });
  };
  return tx ? write(tx) : db().$transaction(write);
}
