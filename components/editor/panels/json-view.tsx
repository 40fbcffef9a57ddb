"use client";
// Read-only JSON for outputs, triggers and errors, pretty-printed in a capped box
// (capped-text.tsx): a big value shows its first lines, with Show all, Copy and Download.
import { useMemo } from "react";
import { CappedText } from "@/components/editor/panels/capped-text";

// A run's output is the same object while the run is cached (a finished run is never fetched
// again): its text is made once, not again each time the tab is opened (100 ms for 5 MB).
const texts = new WeakMap<object, string>();

function textOf(value: unknown): string {
  if (value === undefined) return "—";
  if (value === null || typeof value !== "object") return JSON.stringify(value, null, 2) ?? "—";
  let text = texts.get(value);
  if (text === undefined) texts.set(value, (text = JSON.stringify(value, null, 2) ?? "—"));
  return text;
}

export function JsonView({ value, label, describedBy }: { value: unknown; label: string; describedBy?: string }) {
  const text = useMemo(() => textOf(value), [value]);
  return <CappedText text={text} label={label} describedBy={describedBy} fileName={`${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.json`} type="application/json" cutTestId="json-view-cut" />;
}
