"use client";
// The Workflows list's order, kept in the URL's `sort` (the default left out) so a reload, a
// shared link or Back shows the same order. router.replace: choosing an order adds no history
// entry of its own, the page does not scroll, and the URL's other parameters stay. While that
// navigation runs the choice is shown at once, then again what the URL says (so Back is shown
// too) — as the Runs page's filters do (components/runs/runs-filter.tsx).
import { useState, useTransition } from "react";
import { usePathname, useRouter } from "next/navigation";
import { DEFAULT_WORKFLOW_SORT, type WorkflowSort } from "@/lib/workflow-list/sort-workflows";

export function useSortParam(fromUrl: WorkflowSort): [WorkflowSort, (next: WorkflowSort) => void] {
  const router = useRouter();
  const pathname = usePathname();
  const [navigating, startNavigation] = useTransition();
  const [chosen, setChosen] = useState(fromUrl);
  const set = (next: WorkflowSort) => {
    setChosen(next);
    const q = new URLSearchParams(window.location.search);
    if (next === DEFAULT_WORKFLOW_SORT) q.delete("sort");
    else q.set("sort", next);
    const search = q.toString();
    startNavigation(() => router.replace(search ? `${pathname}?${search}` : pathname, { scroll: false }));
  };
  return [navigating ? chosen : fromUrl, set];
}
