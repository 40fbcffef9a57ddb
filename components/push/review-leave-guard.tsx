"use client";
// Asks before leaving the review with a secret typed but not saved (the webhook's shared secret, a
// secret's value): secrets are never kept in storage, so leaving loses them — plain values are kept
// for the tab instead (review-drafts.ts), whichever way the client leaves. Links, closing the tab
// and the browser's Back button are asked about as use-leave-question.ts does, as in the editor.
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useLeaveQuestion } from "@/components/ui/use-leave-question";

/** "the webhook shared secret", "A and B", "A, B and C". */
const listed = (names: string[]) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);

/** unsaved: what is typed and not saved, in words ("the webhook shared secret", "the value of PSA_KEY").
 *  fallback: where Back's Leave goes in a tab opened straight on the review (the workflows list). */
export function ReviewLeaveGuard({ unsaved, fallback }: { unsaved: string[]; fallback: string }) {
  const { target, stay, leave } = useLeaveQuestion(unsaved.length, fallback);
  const what = listed(unsaved);
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && stay()}
      title="Leave without saving your secrets?"
      description={`You typed ${what || "a secret"} but did not save ${unsaved.length > 1 ? "them" : "it"}. Secrets are not kept when you leave this page: save first, or type ${unsaved.length > 1 ? "them" : "it"} again when you are back. Other values you typed are kept.`}
      confirmLabel="Leave without saving"
      onConfirm={leave}
      destructive
    />
  );
}
