// Saves a workflow's name and steps (a body without steps keeps them; mode is changed only by
// go Live / Draft). The version counts definition saves; a client sending the version it read
// gets 409 when someone saved in between, instead of silently overwriting their change, naming who
// saved that version and when (each save records itself: version-saver.ts).
import { conflict } from "@/lib/api/errors";
import { assertStepConnections } from "@/lib/connections/assert-step-connections";
import { db, type Tx } from "@/lib/db/client";
import { toJsonField } from "@/lib/db/to-json-field";
import { assertLiveAccounts } from "@/lib/workflows/assert-live-accounts";
import { assertKeysRightKind } from "@/lib/workflows/assert-keys-right-kind";
import { assertLiveReady } from "@/lib/workflows/assert-live-ready";
import type { Step } from "@/lib/workflows/definition";
import { loadWorkflow } from "@/lib/workflows/load-workflow";
import { modeNotSaved, refuseUnknownConfigFields, type WorkflowWrite } from "@/lib/workflows/parse-workflow-input";
import { lockSecretKey } from "@/lib/secrets/lock-secret-key";
import { assertReviewKept } from "@/lib/push/assert-review-kept";
import { recordClientCopyEdit } from "@/lib/push/record-client-copy-edit";
import { prepareSteps, setsSharedSecret } from "@/lib/workflows/prepare-steps";
import { recordSecretChange } from "@/lib/workflows/record-secret-change";
import { readWorkflowView } from "@/lib/workflows/read-workflow-view";
import { storedSteps } from "@/lib/workflows/stored-steps";
import { syncTrigger } from "@/lib/workflows/sync-trigger";
import { syncWorkflowSchedule } from "@/lib/triggers/sync-workflow-schedule";
import type { WorkflowView } from "@/lib/workflows/to-workflow-view";
import { loadVersionSaver, savedFields, saverName } from "@/lib/workflows/version-saver";

export type UpdateWorkflowOptions = { workflowId: string; userId: string; input: WorkflowWrite; tx?: Tx };

export async function updateWorkflow({ workflowId, userId, input, tx }: UpdateWorkflowOptions): Promise<WorkflowView> {
  const write = async (t: Tx) => {
    if (input.steps && setsSharedSecret(input.steps)) await lockSecretKey(t); // before the workflow's row, as a rotation
    const before = await loadWorkflow({ workflowId, userId, role: "editor", tx: t, lock: true });
    if (input.version !== undefined && input.version !== before.version) {
      const saver = await loadVersionSaver(before, t);
      const when = saver.savedAt ? `, saved at ${saver.savedAt}` : "";
      throw conflict(
        "version_conflict",
        input.version > before.version
          ? `this workflow has no version ${input.version}: it is at version ${before.version}; reload it and apply your change again`
          : `the workflow was saved by ${saverName(saver)} since you loaded it (you sent version ${input.version}; it is at version ${before.version}${when}); reload it and apply your change again`,
        { currentVersion: before.version, ...saver },
      );
    }
    if (input.mode !== undefined && input.mode !== before.mode) throw modeNotSaved(before.mode);
    // Without steps in the body the stored ones stay as they are (a rename).
    let steps: Step[] | undefined;
    if (input.steps) {
      const previous = storedSteps(before);
      refuseUnknownConfigFields(input.steps, previous);
      steps = prepareSteps({ input: input.steps, previous });
      await assertStepConnections({ workspaceId: before.workspaceId, steps, previous, tx: t });
      // A Live workflow keeps only what going Live would accept, key kinds included, and a Live
      // pushed copy its review's accounts and webhook secret (no secret removed silently).
      if (before.mode === "live") {
        assertLiveReady(steps);
        await assertLiveAccounts({ workspaceId: before.workspaceId, steps, tx: t });
        await assertKeysRightKind({ workspaceId: before.workspaceId, steps, tx: t });
        await assertReviewKept({ workflow: before, steps, tx: t });
      }
    }
    const workflow = await t.workflow.update({
      where: { id: before.id },
      data: { name: input.name, ...(steps && { steps: toJsonField(steps) }), version: { increment: 1 }, ...savedFields(userId, before.version + 1) },
    });
    if (steps) await recordSecretChange({ workflow, userId, previous: storedSteps(before), steps, tx: t });
    // A pushed copy's first change after a push is audited: the provider's next push replaces it.
    await recordClientCopyEdit({ workflow, userId, tx: t });
    // Replacing the trigger retires its URL; a Live workflow's new webhook trigger gets a new one.
    await syncTrigger({ workflow, tx: t });
    // A Live Scheduler whose cron or time zone changed runs the new one's occurrences from now.
    await syncWorkflowSchedule({ before, workflow, tx: t });
    return readWorkflowView({ workflow, tx: t });
  };
  return tx ? write(tx) : db().$transaction(write);
}
