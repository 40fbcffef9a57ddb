"use client";
// The parts a held live list adds (components/editor/use-live-window.ts), shared by a step's
// Executions and the deliveries log: the bar that counts what arrived above while the list was
// being read, and the row that stands for entries between two loaded runs of the list.
import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";

/** A pill over the top of the list, sticky in the panel that scrolls it so it is seen from
 *  anywhere in the list, and taking no room: it appearing must not move the entry being read.
 *  The live region is always there (one added with its text is not announced); the count is read
 *  out, the button beside it is not part of it. aria-live rather than role="status": the panel's
 *  status line (a linked run that skipped the step) stays the one status there. */
export function NewEntriesBar({ fresh, one, many, onShow }: { fresh: { count: number; more: boolean }; one: string; many: string; onShow: () => void }) {
  const text = fresh.count === 0 ? "" : `${fresh.count}${fresh.more ? "+" : ""} new ${fresh.count === 1 && !fresh.more ? one : many}`;
  return (
    <div data-testid="new-entries" className="sticky top-2 z-10 flex h-0 justify-center overflow-visible">
      <div className={text ? "flex h-fit items-center gap-2 rounded-full border border-brand-100 bg-brand-50 py-1 pr-1 pl-3 shadow-md" : "sr-only"}>
        <p aria-live="polite" aria-atomic="true" data-testid="new-entries-count" className="text-sm font-medium whitespace-nowrap text-brand-700">
          {text}
        </p>
        {text && (
          <button type="button" aria-label={`Show ${text}`} onClick={onShow} className={cn(buttonClass("primary", "sm"), "h-7 rounded-full")}>
            Show
          </button>
        )}
      </div>
    </div>
  );
}

/** Entries not loaded between two loaded runs of the list (shown above a reader's window while
 *  more arrived than one page). */
export function GapRow({ many, loading, onLoad }: { many: string; loading: boolean; onLoad: () => void }) {
  return (
    <li className="list-none" data-testid="list-gap">
      <button type="button" disabled={loading} onClick={onLoad} className={buttonClass("ghost", "sm", "w-full border border-dashed border-slate-300")}>
        {loading ? `Loading ${many}…` : `Load the ${many} in between`}
      </button>
    </li>
  );
}
