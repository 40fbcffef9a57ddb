"use client";
// Where focus goes when a list's Remove takes its own row with it. Rows keyed by index keep a
// Remove in the middle focused (it now belongs to the row that moved up), but the last row's
// leaves the page and focus falls to <body>: this hands it to the row above's Remove or, with no
// row left (or that Remove disabled, at a list's minimum), to the list's Add.

import { useEffect, useRef } from "react";

/**
 * `length`: the list's length as rendered. Give each row's Remove `ref={removeButton(i)}`, call
 * `removing(i)` in its click before the change, and give the Add button `ref={addButton}`.
 */
export function useFocusAfterLastRemoved(length: number) {
  // The list's length once a removal of the last row lands; an edit that is refused (a viewer's
  // form) never changes the length, so it never moves focus.
  const removedLast = useRef<number | null>(null);
  const removers = useRef<(HTMLButtonElement | null)[]>([]);
  const add = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (removedLast.current === null) return;
    const landed = removedLast.current === length;
    removedLast.current = null;
    const above = removers.current[length - 1];
    if (landed) (above && !above.disabled ? above : add.current)?.focus();
  }, [length]);
  return {
    removeButton: (i: number) => (el: HTMLButtonElement | null) => void (removers.current[i] = el),
    addButton: (el: HTMLButtonElement | null) => void (add.current = el),
    removing: (i: number) => void (removedLast.current = i === length - 1 ? i : null),
  };
}
