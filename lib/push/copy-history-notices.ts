// What the client's review says about the copy's link to its source, beside what the last push
// changed for its senders (load-review.ts): that this push replaced changes made in the client's
// workspace (client-edits.ts), and that the provider deleted its workflow, so no push will ever
// update the copy again (WorkflowCopy.sourceWorkflowId is set null by the delete). Pure.
import { describeReplacedEdits, type ClientEdits } from "@/lib/push/client-edits";

export type CopyHistoryInputs = { sourceWorkflowId: string | null; sourceName: string; clientEditsReplaced: unknown };

export function copyHistoryNotices({ sourceWorkflowId, sourceName, clientEditsReplaced }: CopyHistoryInputs): string[] {
  const notices: string[] = [];
  if (sourceWorkflowId === null) {
    notices.push(`Your provider deleted its workflow “${sourceName}”: this copy gets no further updates from it. It stays yours to use and change.`);
  }
  if (clientEditsReplaced && typeof clientEditsReplaced === "object") notices.push(describeReplacedEdits(clientEditsReplaced as ClientEdits));
  return notices;
}
