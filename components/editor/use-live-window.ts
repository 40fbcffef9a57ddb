"use client";
// A live list's loaded window (lib/editor/live-window.ts) over react-query: the newest page is
// polled as the head; the window follows it while nobody reads the list, and keeps every entry
// once someone does (`held`), counting the head's new ones for a "3 new runs · Show" bar.
// Older pages and gaps load on request, after the segment they continue.
import { useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import {
  countNew,
  fillAfter,
  showNew,
  windowExtended,
  windowFromHead,
  windowItems,
  type LiveEntry,
  type LivePage,
  type LiveWindow,
  type TimeOf,
} from "@/lib/editor/live-window";

export type LiveWindowOptions<T> = {
  /** Under the list's key (keys.runs, keys.deliveries), so an invalidation refetches the head. */
  queryKey: QueryKey;
  fetchPage: (before: string | null) => Promise<LivePage<T>>;
  pageSize: number;
  timeOf: TimeOf<T>;
  pollMs: number;
  /** Someone reads the list: an entry open, focus in it, scrolled past its top. */
  held: boolean;
};

export function useLiveWindow<T extends LiveEntry>({ queryKey, fetchPage, pageSize, timeOf, pollMs, held }: LiveWindowOptions<T>) {
  const qc = useQueryClient();
  const headKey = [...queryKey, "head"];
  const head = useQuery({ queryKey: headKey, queryFn: () => fetchPage(null), refetchInterval: pollMs });
  // `seen`: the head the window was last taken from, so a new one is taken once, while following.
  const [state, setState] = useState<{ win: LiveWindow<T> | null; seen?: LivePage<T> }>({ win: null });
  const following = !held && !windowExtended(state.win, pageSize);
  if (head.data && head.data !== state.seen && (following || !state.win)) {
    setState({ win: windowFromHead(head.data), seen: head.data });
  }

  const more = useMutation({
    mutationFn: async (from: string) => ({ from, page: await fetchPage(from) }),
    onSuccess: ({ from, page }) => setState((s) => ({ ...s, win: fillAfter(s.win, from, page, timeOf) })),
  });

  /** The head's new entries above the window (the latest head: after an action's refetch too). */
  const reveal = () => {
    const latest = qc.getQueryData<LivePage<T>>(headKey) ?? head.data;
    if (latest) setState((s) => ({ ...s, win: showNew(s.win, latest, timeOf) }));
  };

  return {
    segments: state.win?.segments ?? [],
    items: windowItems(state.win),
    /** The newest page as last polled: a held window's entries read their latest state from it. */
    latest: head.data?.items,
    isPending: !state.win && head.isPending,
    /** The head could not be read and there is nothing loaded to show instead. */
    error: state.win ? null : head.error,
    fresh: countNew(state.win, head.data, timeOf),
    reveal,
    /** Loads the entries after the segment whose `next` is `from` (older ones, or a gap). */
    loadAfter: (from: string) => more.mutate(from),
    loadingAfter: more.isPending ? more.variables : null,
    loadError: more.error,
  };
}

/** Whether someone reads a list: keyboard focus inside it, or its top scrolled out of view above
 *  (in the panel that scrolls it, or the page). Spread `props` on the list's container. */
export function useReading() {
  const [el, setEl] = useState<HTMLElement | null>(null);
  const [focused, setFocused] = useState(false);
  const [scrolledPast, setScrolledPast] = useState(false);
  useEffect(() => {
    if (!el) return;
    const scroller = scrollParent(el);
    const check = () => setScrolledPast(el.getBoundingClientRect().top < (scroller?.getBoundingClientRect().top ?? 0) - 1);
    // Scroll events do not bubble; captured on the window they come from every scroller. A list
    // shown in a panel already scrolled is measured once it is laid out.
    const first = requestAnimationFrame(check);
    window.addEventListener("scroll", check, { capture: true, passive: true });
    window.addEventListener("resize", check);
    return () => {
      cancelAnimationFrame(first);
      window.removeEventListener("scroll", check, { capture: true });
      window.removeEventListener("resize", check);
    };
  }, [el]);
  return {
    reading: focused || scrolledPast,
    /** Brings the list's top into view when it is scrolled out above (after "Show"). */
    toTop: () => {
      if (el && scrolledPast) el.scrollIntoView({ block: "start" });
    },
    props: {
      ref: setEl,
      onFocus: () => setFocused(true),
      onBlur: (e: React.FocusEvent<HTMLElement>) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}

function scrollParent(el: HTMLElement): HTMLElement | null {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const { overflowY } = getComputedStyle(p);
    if (overflowY === "auto" || overflowY === "scroll") return p;
  }
  return null;
}
