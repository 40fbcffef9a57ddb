"use client";
// Which field the Workflow data panel inserts into: the template or JSON field that had focus
// last. Clicking a field in the data panel moves focus there, so "last focused" (not "focused")
// is what the user means by "the field I am editing".
export type InsertTarget = { insert: (text: string) => void; label: string };

let current: InsertTarget | null = null;
const listeners = new Set<() => void>();

export function setInsertTarget(t: InsertTarget | null) {
  current = t;
  for (const l of listeners) l();
}

/** Forget a field that is going away (unmounted editor). */
export function clearInsertTarget(t: InsertTarget) {
  if (current === t) setInsertTarget(null);
}

export const getInsertTarget = () => current;

export function subscribeInsertTarget(l: () => void) {
  listeners.add(l);
  return () => void listeners.delete(l);
}
