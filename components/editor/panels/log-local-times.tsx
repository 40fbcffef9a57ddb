"use client";
// A step's Log as shown: the worker's UTC instants (lib/editor/log-instants.ts) in the reader's
// time, each an ExactTime (the instant itself in its dateTime, the full local date and time on
// hover), as every other time in the UI. Only the view: Copy and Download keep the lines as the
// API gives them.
import type { ReactNode } from "react";
import { ExactTime } from "@/components/ui/exact-time";
import { splitLogInstants } from "@/lib/editor/log-instants";

export function logLocalTimes(text: string): ReactNode {
  return splitLogInstants(text).map((p, i) => (typeof p === "string" ? p : <ExactTime key={i} at={p.iso} />));
}
