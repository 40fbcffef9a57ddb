"use client";
// Asks before a link inside the app takes the user away from changes that leaving would lose:
// a conflict, a save the server refused or that failed, a JSON text that does not parse. (Plain
// unsaved edits need no question: they are saved on the way out, see use-editor-document.ts.)
// Links and closing the tab are asked about as use-ask-before-links.ts does (the link replayed
// with router.push once the user confirms). The browser's Back button cannot be stopped
// either: while there is something to lose, a second history entry of this same page sits on top
// (a "trap"), so Back lands on this page's own entry — its popstate is taken before Next's
// (capture phase) and the question is asked; Leave goes back once more, Stay sets a new trap.
// When nothing is left to lose the trap is taken away again, so Back goes where it always did.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useEditor } from "@/components/editor/editor-context";
import { useUnparsedJson, type UnparsedJson } from "@/components/editor/unparsed-json";
import type { SaveState } from "@/components/editor/use-editor-document";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useAskBeforeLinks } from "@/components/ui/use-ask-before-links";
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

/** What the next popstate is: our own removal of the trap (then, maybe, a link to follow), or the user's confirmed Back. */
type Expected = { kind: "untrap"; then?: string } | { kind: "leave" } | null;

const BACK = "back";

/** Whether this tab has an entry before the current one (the Navigation API; assumed elsewhere). */
function canGoBack(): boolean {
  const nav = (window as { navigation?: { canGoBack?: boolean } }).navigation;
  return nav?.canGoBack ?? true;
}

export function LeaveGuard() {
  const { doc, steps, readOnly, workspaceId } = useEditor();
  const router = useRouter();
  const unparsed = useUnparsedJson();
  const reason = readOnly ? null : unsavedReason(doc.save, doc.dirty, unparsed, steps);
  // A link's href, BACK for the browser's Back button, or null when not asking.
  const [target, setTarget] = useState<string | null>(null);
  const asking = useRef(reason);
  const trapped = useRef(false);
  const expected = useRef<Expected>(null);
  const leaving = useRef(false); // confirmed: no new trap on the way out
  useLayoutEffect(() => {
    asking.current = reason;
  });

  // A trap while there is something to lose, none otherwise (history.state carries Next's own
  // state, so Next treats the copy as this page).
  const syncTrap = useCallback(() => {
    if (expected.current || leaving.current) return;
    if (asking.current && !trapped.current) {
      window.history.pushState(window.history.state, "", window.location.href);
      trapped.current = true;
    } else if (!asking.current && trapped.current) {
      trapped.current = false;
      expected.current = { kind: "untrap" };
      window.history.back();
    }
  }, []);
  useEffect(syncTrap, [reason, syncTrap]);

  useAskBeforeLinks(asking, setTarget);
  useEffect(() => {
    const onPopState = (e: PopStateEvent) => {
      const was = expected.current;
      expected.current = null;
      if (was?.kind === "leave") return; // the confirmed Back: Next shows the page before
      if (was?.kind === "untrap") {
        e.stopImmediatePropagation(); // back on this page's own entry: nothing for Next to do
        if (was.then) router.push(was.then);
        // Something to lose again while the trap was being taken away (a save failed at once,
        // JSON went invalid again): set a new one, or Back would leave without asking.
        else syncTrap();
        return;
      }
      if (!trapped.current) return;
      // Back from the trap onto this page's own entry.
      e.stopImmediatePropagation();
      trapped.current = false;
      if (asking.current) setTarget(BACK);
      else {
        expected.current = { kind: "leave" };
        window.history.back();
      }
    };
    // Capture: at the window, capturing listeners run before Next's own popstate listener.
    window.addEventListener("popstate", onPopState, true);
    return () => window.removeEventListener("popstate", onPopState, true);
  }, [router, syncTrap]);

  const leave = (to: string) => {
    leaving.current = true;
    if (to === BACK && !canGoBack()) {
      // Opened in a fresh tab (a bookmark, a pasted link): Back was there only for the trap, and
      // going back once more would stay here. Leave to where the editor's own Back link goes.
      router.push(`/w/${workspaceId}/workflows`);
    } else if (to === BACK) {
      expected.current = { kind: "leave" };
      window.history.back();
    } else if (trapped.current) {
      // Take the trap away first, so Back from the next page does not land on this one twice.
      trapped.current = false;
      expected.current = { kind: "untrap", then: to };
      window.history.back();
    } else router.push(to);
  };

  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (open) return;
        setTarget(null);
        syncTrap(); // stayed: after Back, set a new trap
      }}
      title="Leave and lose your changes?"
      description={`${reason ?? "Your latest changes are not saved."} If you leave now, they are lost.`}
      confirmLabel="Leave without saving"
      onConfirm={() => {
        const to = target;
        setTarget(null);
        if (to) leave(to);
      }}
      destructive
    />
  );
}
