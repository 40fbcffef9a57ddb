"use client";
// Asks before a link inside the app takes the user away from changes that leaving would lose:
// a conflict, a save the server refused or that failed, a JSON text that does not parse. (Plain
// unsaved edits need no question: they are saved on the way out, see use-editor-document.ts.)
// Links, closing the tab and the browser's Back button are asked about as use-leave-question.ts
// does (the link replayed with router.push once the user confirms, Back through a history trap).
import { useEditor } from "@/components/editor/editor-context";
import { useUnparsedJson, type UnparsedJson } from "@/components/editor/unparsed-json";
import type { SaveState } from "@/components/editor/use-editor-document";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useLeaveQuestion } from "@/components/ui/use-leave-question";
import type { EditorStep } from "@/lib/editor/step-ops";

/** Why leaving now would lose changes, in words; null when it would not. */
export function unsavedReason(save: SaveState, dirty: boolean, unparsed: UnparsedJson[], steps: EditorStep[]): string | null {
  const at = unparsed.map((u) => steps.findIndex((s) => s.id === u.stepId)).find((i) => i >= 0);
  if (at !== undefined) return `Step ${at + 1}: ${unparsed.find((u) => u.stepId === steps[at].id)!.label} is not valid JSON yet, so it is not saved.`;
  if (!dirty) return null;
  if (save.kind === "conflict") return "This workflow was saved elsewhere meanwhile (in another tab or by someone else), so your latest changes are not saved.";
  if (save.kind === "invalid")
    return save.live ? "This workflow is Live and your latest changes have unfinished steps, which only a Draft saves." : "Your latest changes cannot be saved yet (see the header).";
  if (save.kind === "error") return `Your latest changes could not be saved: ${save.message}.`;
  return null;
}

export function LeaveGuard() {
  const { doc, steps, readOnly, workspaceId } = useEditor();
  const unparsed = useUnparsedJson();
  const reason = readOnly ? null : unsavedReason(doc.save, doc.dirty, unparsed, steps);
  // Back's Leave in a tab opened straight on the editor goes where the editor's own Back link goes.
  const { target, stay, leave } = useLeaveQuestion(reason, `/w/${workspaceId}/workflows`);

  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && stay()}
      title="Leave and lose your changes?"
      description={`${reason ?? "Your latest changes are not saved."} If you leave now, they are lost.`}
      confirmLabel="Leave without saving"
      onConfirm={leave}
      destructive
    />
  );
}
