"use client";
// Values typed on the client review but not saved yet, kept for this tab (sessionStorage) so that
// following a link — "Add an account" and back through returnTo, Upload, the top bar — loses
// nothing. Only plain variables' values: a secret's value is never put in storage (the review asks
// before leaving with one typed instead, see review-leave-guard.tsx). Where storage is blocked the
// value is kept in memory, for this page only.
import { useSyncExternalStore } from "react";

const storageKey = (workflowId: string, key: string) => `msp-flow:review-draft:${workflowId}:${key}`;
const memory = new Map<string, string>();
const listeners = new Set<() => void>();

function read(id: string): string {
  const kept = memory.get(id);
  if (kept !== undefined) return kept;
  try {
    return window.sessionStorage.getItem(id) ?? "";
  } catch {
    return "";
  }
}

function write(id: string, value: string) {
  try {
    if (value) window.sessionStorage.setItem(id, value);
    else window.sessionStorage.removeItem(id);
    memory.delete(id);
  } catch {
    memory.set(id, value); // storage refused (blocked, full): kept while the page is open
  }
  for (const l of listeners) l();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => void listeners.delete(l);
}

/** The unsaved value of plain variable `key` on this copy's review, and its setter ("" forgets it). */
export function useReviewDraft(workflowId: string, key: string): [string, (value: string) => void] {
  const id = storageKey(workflowId, key);
  // "" on the server and while hydrating: the kept value appears right after.
  const value = useSyncExternalStore(subscribe, () => read(id), () => "");
  return [value, (v: string) => write(id, v)];
}
