"use client";
// Asking before a link inside the app, or closing/reloading the tab, takes the user away from
// something leaving would lose (the editor's LeaveGuard, the client review's ReviewLeaveGuard).
// Next's router cannot block a navigation, so the link's click is stopped in the capture phase,
// before Next's own handler, and handed to `ask`, which asks and follows it with router.push once
// the user confirms; closing or reloading the tab is asked about by beforeunload.
import { useEffect, type RefObject } from "react";

/** A same-tab, same-origin link to another page, followed by a plain left click. */
export function leavingLink(e: MouseEvent): string | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const a = e.target instanceof Element ? e.target.closest("a[href]") : null;
  if (!(a instanceof HTMLAnchorElement) || (a.target && a.target !== "_self") || a.hasAttribute("download")) return null;
  const url = new URL(a.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return null;
  return url.pathname + url.search + url.hash;
}

/** While `asking.current` is truthy, a leaving link's click goes to `ask` (its href) instead, and
 *  the tab's close or reload asks the browser's own question. `ask` must be stable (a state setter). */
export function useAskBeforeLinks(asking: RefObject<unknown>, ask: (href: string) => void): void {
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (!asking.current) return;
      const href = leavingLink(e);
      if (!href) return;
      e.preventDefault();
      e.stopPropagation(); // Next's Link listens below, at React's root
      ask(href);
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
  }, [asking, ask]);
}
