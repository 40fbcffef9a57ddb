"use client";
// Asks before a link inside the app takes the user away from changes that leaving would lose:
// a conflict, a save the server refused or that failed, a JSON text that does not parse. (Plain
// unsaved edits need no question: they are saved on the way out, see use-editor-document.ts.)
// Next's router cannot block a navigation, so the link's click is stopped in the capture phase,
// before Next's own handler, and replayed with router.push once the user confirms. Closing or
// reloading the tab is asked about by beforeunload; the browser's Back button is not covered.
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useEditor } from "@/components/editor/editor-context";
import { useUnparsedJson, type UnparsedJson } from "@/components/editor/unparsed-json";
import type { SaveState } from "@/components/editor/use-editor-document";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { EditorStep } from "@/lib/editor/step-ops";

/** Why leaving now would lose changes, in words; null when it would not. */
export function unsavedReason(save: SaveState, dirty: boolean, unparsed: UnparsedJson[], steps: EditorStep[]): string | null {
  const at = unparsed.map((u) => steps.findIndex((s) => s.id === u.stepId)).find((i) => i >= 0);
  if (at !== undefined) return `Step ${at + 1}: ${unparsed.find((u) => u.stepId === steps[at].id)!.label} is not valid JSON yet, so it is not saved.`;
  if (!dirty) return null;
  if (save.kind === "conflict") return "Someone else saved this workflow meanwhile, so your latest changes are not saved.";
  if (save.kind === "invalid")
    return save.live ? "This workflow is Live and your latest changes have unfinished steps, which only a Draft saves." : "Your latest changes cannot be saved yet (see the header).";
  if (save.kind === "error") return `Your latest changes could not be saved: ${save.message}.`;
  return null;
}

/** A same-tab, same-origin link to another page, followed by a plain left click. */
function leavingLink(e: MouseEvent): string | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const a = e.target instanceof Element ? e.target.closest("a[href]") : null;
  if (!(a instanceof HTMLAnchorElement) || (a.target && a.target !== "_self") || a.hasAttribute("download")) return null;
  const url = new URL(a.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return null;
  return url.pathname + url.search + url.hash;
}

export function LeaveGuard() {
  const { doc, steps, readOnly } = useEditor();
  const router = useRouter();
  const unparsed = useUnparsedJson();
  const reason = readOnly ? null : unsavedReason(doc.save, doc.dirty, unparsed, steps);
  const [target, setTarget] = useState<string | null>(null);
  const asking = useRef(reason);
  useLayoutEffect(() => {
    asking.current = reason;
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

  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && setTarget(null)}
      title="Leave and lose your changes?"
      description={`${reason ?? "Your latest changes are not saved."} If you leave now, they are lost.`}
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
