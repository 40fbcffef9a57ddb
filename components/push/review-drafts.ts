"use client";
// Values typed on the client review but not saved yet, kept for this tab (sessionStorage) so that
// following a link — "Add an account" and back through returnTo, Upload, the top bar — loses
// nothing. Only plain variables' values: a secret's value is never put in storage (the review asks
// before leaving with one typed instead, see review-leave-guard.tsx). Where storage is blocked the
// value is kept in memory, for this page only.
// A draft remembers whether its item was still to do when typed. Kept for an item that has since
// been done elsewhere (the Variables page, another tab or person), it is older than the saved
// value: it is dropped instead of filled in, where Save would overwrite the newer value, and the
// page says so (found by QA). Typed on this visit, it is the client's latest word and stays, but
// once the item is done elsewhere meanwhile the page says that Save would replace that value
// (`overtaken`), rather than sitting there ready to overwrite it unsaid (found by QA).
import { useEffect, useState, useSyncExternalStore } from "react";

const storageKey = (workflowId: string, key: string) => `msp-flow:review-draft:${workflowId}:${key}`;
const memory = new Map<string, string>();
const listeners = new Set<() => void>();
/** Drafts dropped as outdated while their review is open: said until the client types again. */
const dropped = new Set<string>();

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

type Draft = { value: string; /** the item was still to do when this was typed */ open: boolean };

// Stored as JSON; a bare string (kept before drafts said when they were typed) counts as open.
function parse(stored: string): Draft {
  if (stored === "") return { value: "", open: false };
  try {
    const d = JSON.parse(stored) as Partial<{ v: unknown; open: unknown }>;
    if (typeof d?.v === "string") return { value: d.v, open: d.open !== false };
  } catch {
    /* a bare string */
  }
  return { value: stored, open: true };
}

export type ReviewDraft = {
  value: string;
  /** "" forgets it. */
  setValue: (value: string) => void;
  /** A value typed here before was dropped: the item was done elsewhere since. */
  outdated: boolean;
  /** Typed on this visit while the item was to do, and the item was done elsewhere since. */
  overtaken: boolean;
};

/** The unsaved value of plain variable `key` on this copy's review; `done`: whether the review
 *  says the variable has a value now. */
export function useReviewDraft(workflowId: string, key: string, done: boolean): ReviewDraft {
  const id = storageKey(workflowId, key);
  // "" on the server and while hydrating: the kept value appears right after.
  const draft = parse(useSyncExternalStore(subscribe, () => read(id), () => ""));
  const outdated = useSyncExternalStore(subscribe, () => dropped.has(id), () => false);
  // Typed on this visit, the value is the client's latest word and stays, whatever the item says.
  const [typed, setTyped] = useState(false);
  const stale = !typed && draft.open && done && draft.value !== "";
  useEffect(() => {
    if (!stale) return;
    dropped.add(id);
    write(id, "");
  }, [stale, id]);
  useEffect(() => () => void dropped.delete(id), [id]);
  return {
    value: stale ? "" : draft.value,
    setValue: (v: string) => {
      setTyped(true);
      dropped.delete(id);
      write(id, v === "" ? "" : JSON.stringify({ v, open: !done }));
    },
    outdated: outdated || stale,
    overtaken: typed && draft.open && done && draft.value !== "",
  };
}
