"use client";
// JSON fields whose text does not parse yet. The document keeps such a field's last valid value,
// so while one is listed the header must not say "All changes saved" and Run step must not run
// on the stale value. A store beside React (like insert-target.ts) because the fields live deep
// in the step panel and the header and the actions read them.
import { useSyncExternalStore } from "react";

export type UnparsedJson = { stepId: string; label: string };

let entries = new Map<string, UnparsedJson>();
let snapshot: UnparsedJson[] = [];
const listeners = new Set<() => void>();

/** `key` is the field's own (useId); null removes it (parsed again, or unmounted). */
export function setUnparsedJson(key: string, entry: UnparsedJson | null) {
  const before = entries.get(key);
  if (entry ? before?.stepId === entry.stepId && before.label === entry.label : !before) return;
  entries = new Map(entries);
  if (entry) entries.set(key, entry);
  else entries.delete(key);
  snapshot = [...entries.values()];
  for (const l of listeners) l();
}

export const getUnparsedJson = () => snapshot;

function subscribe(l: () => void) {
  listeners.add(l);
  return () => void listeners.delete(l);
}

const EMPTY: UnparsedJson[] = [];

export function useUnparsedJson(): UnparsedJson[] {
  return useSyncExternalStore(subscribe, getUnparsedJson, () => EMPTY);
}
