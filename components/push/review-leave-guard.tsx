"use client";
// Asks before a link takes the client away from the review with a secret typed but not saved (the
// webhook's shared secret, a secret's value): secrets are never kept in storage, so leaving loses
// them — plain values are kept for the tab instead (review-drafts.ts). The link's click is stopped
// in the capture phase, before Next's own handler, and followed with router.push once the client
// confirms; closing or reloading the tab is asked about by beforeunload. (The browser's Back
// button is not asked about here: the editor's LeaveGuard shows what that takes.)
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** A same-tab, same-origin link to another page, followed by a plain left click (as the editor's guard). */
function leavingLink(e: MouseEvent): string | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const a = e.target instanceof Element ? e.target.closest("a[href]") : null;
  if (!(a instanceof HTMLAnchorElement) || (a.target && a.target !== "_self") || a.hasAttribute("download")) return null;
  const url = new URL(a.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return null;
  return url.pathname + url.search + url.hash;
}

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

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (!asking.current) return;
      const href = leavingLink(e);
      if (!href) return;
      e.preventDefault();
      e.stopPropagation(); // Next's Link listens below, at React's root
      setTarget(href);
    };
    const onUnload = (e: BeforeUnloadEvent) => {
      if (asking.current) e.preventDefault();
    };
    document.addEventListener("click", onClick, true);
    window.addEventListener("beforeunload", onUnload);
    return () => {
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("beforeunload", onUnload);
    };
  }, []);

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
