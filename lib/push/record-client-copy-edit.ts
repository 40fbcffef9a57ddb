// The client's first change of a pushed copy after a push, audited (`copy_edited`) in the save's
// transaction: the provider's next push replaces such changes, so the log says who changed the
// copy and how, once per push (WorkflowCopy.clientEditedAt, cleared by each push) rather than once
// per autosave. Account choices, the webhook's own secret and testing data are the client's to set
// and are no change of the workflow (isEditedSincePush). A workflow that was not pushed: nothing.
import { recordUserEvent } from "@/lib/audit/record-user-event";
import type { Tx } from "@/lib/db/client";
import type { Workflow } from "@/lib/generated/prisma/client.ts";
import { clientEdits, readPushedSteps } from "@/lib/push/client-edits";
import { isEditedSincePush } from "@/lib/push/steps-hash";
import { storedSteps } from "@/lib/workflows/stored-steps";

export type RecordClientCopyEditOptions = { workflow: Workflow; userId: string; tx: Tx };

export async function recordClientCopyEdit({ workflow, userId, tx }: RecordClientCopyEditOptions): Promise<void> {
  const link = await tx.workflowCopy.findUnique({ where: { copyWorkflowId: workflow.id } });
  if (!link || link.clientEditedAt !== null) return;
  const steps = storedSteps(workflow);
  if (!isEditedSincePush(workflow.name, steps, link.pushedStepsHash)) return;
  const edits = clientEdits({ pushed: readPushedSteps(link.pushedSteps), pushedName: link.sourceName, pushedVersion: link.sourceVersion, name: workflow.name, steps });
  await tx.workflowCopy.update({ where: { id: link.id }, data: { clientEditedAt: new Date() } });
  await recordUserEvent({
    workspaceId: workflow.workspaceId,
    workflowId: workflow.id,
    userId,
    action: "copy_edited",
    details: { workflowName: workflow.name, sourceName: link.sourceName, sourceVersion: link.sourceVersion, pushCount: link.pushCount, steps: edits.steps, workflowRenamed: edits.workflowRenamed },
    tx,
  });
}
