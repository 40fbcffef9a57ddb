"use client";
// The question before leaving a page with something that leaving would lose (the editor's
// LeaveGuard, the client review's ReviewLeaveGuard), asked for every way out inside the app: a
// link's click and closing/reloading the tab as use-ask-before-links.ts does, and the browser's
// Back button. Back cannot be stopped: while there is something to lose, a second history entry
// of this same page sits on top (a "trap"), so Back lands on this page's own entry — its popstate
// is taken before Next's (capture phase) and the question is asked; Leave goes back once more,
// Stay sets a new trap. When nothing is left to lose the trap is taken away again, so Back goes
// where it always did.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { useAskBeforeLinks } from "@/components/ui/use-ask-before-links";

/** What the next popstate is: our own removal of the trap (then, maybe, a link to follow), or the user's confirmed Back. */
type Expected = { kind: "untrap"; then?: string } | { kind: "leave" } | null;

/** The target while the browser's Back button is what asks. */
export const BACK = "back";

/** Whether this tab has an entry before the current one (the Navigation API; assumed elsewhere). */
function canGoBack(): boolean {
  const nav = (window as { navigation?: { canGoBack?: boolean } }).navigation;
  return nav?.canGoBack ?? true;
}

export type LeaveQuestion = {
  /** A link's href, BACK, or null when not asking. */
  target: string | null;
  /** The user stays (the dialog closed): after Back, a new trap is set. */
  stay: () => void;
  /** The user confirmed: go where they were going. */
  leave: () => void;
};

/**
 * Asks while `lose` is truthy (a reason, a count…). `fallback`: where Back's Leave goes in a tab
 * opened straight on this page (a bookmark, a pasted link), where Back was there only for the trap.
 */
export function useLeaveQuestion(lose: unknown, fallback: string): LeaveQuestion {
  const router = useRouter();
  const [target, setTarget] = useState<string | null>(null);
  const asking = useRef(lose);
  const trapped = useRef(false);
  const expected = useRef<Expected>(null);
  const leaving = useRef(false); // confirmed: no new trap on the way out
  useLayoutEffect(() => {
    asking.current = leaving.current ? null : lose;
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
  const losing = !!lose;
  useEffect(syncTrap, [losing, syncTrap]);

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

  const stay = useCallback(() => {
    setTarget(null);
    syncTrap();
  }, [syncTrap]);

  const leave = () => {
    const to = target;
    setTarget(null);
    if (!to) return;
    // Confirmed once: the browser is not to ask again (beforeunload) when Back leaves the document.
    leaving.current = true;
    asking.current = null;
    if (to === BACK && !canGoBack()) router.push(fallback);
    else if (to === BACK) {
      expected.current = { kind: "leave" };
      window.history.back();
    } else if (trapped.current) {
      // Take the trap away first, so Back from the next page does not land on this one twice.
      trapped.current = false;
      expected.current = { kind: "untrap", then: to };
      window.history.back();
    } else router.push(to);
  };

  return { target, stay, leave };
}
