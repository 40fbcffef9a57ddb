// A wide table's own sideways scroll: on a phone the Runs, Audit log and Pushed copies tables are
// wider than the window, and without this the whole page scrolled sideways, the top bar with it.
// Focusable and named so a keyboard can scroll it too (arrow keys once it has focus).
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

export function TableScroll({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={cn("overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500", className)}>
      {children}
    </div>
  );
}
