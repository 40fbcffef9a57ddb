"use client";
// Asks before a link takes the client away from the review with a secret typed but not saved (the
// webhook's shared secret, a secret's value): secrets are never kept in storage, so leaving loses
// them — plain values are kept for the tab instead (review-drafts.ts). Links and closing the tab
// are asked about as use-ask-before-links.ts does, the link followed with router.push once the
// client confirms. (The browser's Back button is not asked about here: the editor's LeaveGuard
// shows what that takes.)
import { useLayoutEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useAskBeforeLinks } from "@/components/ui/use-ask-before-links";

/** "the webhook shared secret", "A and B", "A, B and C". */
const listed = (names: string[]) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);

/** unsaved: what is typed and not saved, in words ("the webhook shared secret", "the value of PSA_KEY"). */
export function ReviewLeaveGuard({ unsaved }: { unsaved: string[] }) {
  const router = useRouter();
  const [target, setTarget] = useState<string | null>(null);
  const asking = useRef(unsaved.length > 0);
  useLayoutEffect(() => {
    asking.current = unsaved.length > 0;
  });

  useAskBeforeLinks(asking, setTarget);

  const what = listed(unsaved);
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && setTarget(null)}
      title="Leave without saving your secrets?"
      description={`You typed ${what || "a secret"} but did not save ${unsaved.length > 1 ? "them" : "it"}. Secrets are not kept when you leave this page: save first, or type ${unsaved.length > 1 ? "them" : "it"} again when you are back. Other values you typed are kept.`}
      confirmLabel="Leave without saving"
      onConfirm={() => {
        const to = target;
        setTarget(null);
        if (to) router.push(to);
      }}
      destructive
    />
  );
}
