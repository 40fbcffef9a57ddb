"use client";
// The filter box of a long list the page already holds in full: a labelled search input and,
// under it, how many entries match — said as it changes (a live status), "No variables match “x”"
// when none do. Shown past FILTER_FROM entries, and while it holds a query, so deletes that bring
// the list under that do not hide an active filter. The list itself stays with its page; this
// only reports on it.
import { useId } from "react";
import { inputClass } from "@/components/resources/api-fetch";
import { cn } from "@/components/ui/cn";

/** More entries than this and a list gets a filter box: a few are found by eye. */
export const FILTER_FROM = 8;

type Props = {
  /** The input's label, e.g. "Filter variables". */
  label: string;
  query: string;
  onQuery: (query: string) => void;
  shown: number;
  total: number;
  /** The list's noun, singular and plural: ["variable", "variables"]. */
  noun: [string, string];
  placeholder?: string;
  className?: string;
};

export function ListFilter({ label, query, onQuery, shown, total, noun, placeholder, className }: Props) {
  const id = useId();
  if (total <= FILTER_FROM && query === "") return null;
  return (
    <div className={cn("flex flex-wrap items-center gap-x-3 gap-y-1", className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">{label}</label>
      <input
        id={id}
        type="search"
        value={query}
        onChange={(e) => onQuery(e.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        aria-describedby={`${id}-count`}
        className={cn(inputClass, "w-64 max-w-full")}
      />
      {/* Always rendered, so a screen reader hears each new count (a live region added with its
          text is often not read). */}
      <p id={`${id}-count`} role="status" className="text-sm text-slate-500">
        {filterCount(query, shown, total, noun)}
      </p>
    </div>
  );
}

export function filterCount(query: string, shown: number, total: number, [one, many]: [string, string]): string {
  if (query.trim() === "") return "";
  if (shown === 0) return `No ${many} match “${query.trim()}”`;
  return `${shown} of ${total} ${total === 1 ? one : many}`;
}
