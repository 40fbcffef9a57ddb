"use client";
// Focus back to the opener of a dialog that has no trigger element (opened from a menu item, a
// tool, a shortcut): Radix returns focus to the trigger only, so without one it is left on
// <body> and a keyboard user starts again from the top of the page.
import { useLayoutEffect, useRef } from "react";

/**
 * Remembers what had focus when `open` became true, before the dialog takes it; pass the result
 * as the dialog content's onCloseAutoFocus. A menu item is gone by the time the dialog closes
 * (its menu closed as it opened the dialog): focus goes to the menu's button instead.
 */
export function useReturnFocus(open: boolean | undefined, enabled = true): (e: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before the dialog's focus scope (a passive effect) moves focus.
  useLayoutEffect(() => {
    if (!enabled || !open) return;
    opener.current = null; // this opening's opener only, never an earlier one's
    opener.current = focusedOpener();
  }, [open, enabled]);
  return (e: Event) => {
    const el = opener.current;
    if (!enabled || !el?.isConnected) return;
    e.preventDefault();
    el.focus();
  };
}

/** What has focus now as a dialog's opener: a menu item stands for its menu's button, which
 *  outlives the menu; null when focus is on <body>. */
export function focusedOpener(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menuButton = active.closest('[role="menu"]')?.getAttribute("aria-labelledby");
  return (menuButton && document.getElementById(menuButton)) || active;
}
