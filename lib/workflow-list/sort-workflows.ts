// The Workflows list's orders, chosen in the page's Sort select and kept in its URL (`?sort=`):
// most recently updated first (the default, as the API lists them), by name as people read
// numbers ("Alert 2" before "Alert 10"), by last run, or the workflows whose last run failed
// first — what a technician with a hundred workflows looks for. Client-safe, pure.
import { naturalCompare } from "@/lib/list-filter";

export const WORKFLOW_SORTS = [
  { value: "updated", label: "Recently updated" },
  { value: "name", label: "Name (A–Z)" },
  { value: "last-run", label: "Last run (newest first)" },
  { value: "failed", label: "Failed last run first" },
] as const;

export type WorkflowSort = (typeof WORKFLOW_SORTS)[number]["value"];

export const DEFAULT_WORKFLOW_SORT: WorkflowSort = "updated";

export type SortableWorkflow = { id: string; name: string; updatedAt: string; lastRun: { status: string; createdAt: string } | null };

/** The `sort` query parameter as an order; missing, repeated or unknown reads as the default. */
export function parseWorkflowSort(raw: string | string[] | null | undefined): WorkflowSort {
  const value = Array.isArray(raw) ? raw[0] : raw;
  return WORKFLOW_SORTS.find((s) => s.value === value)?.value ?? DEFAULT_WORKFLOW_SORT;
}

// ISO timestamps of one format (the API's toISOString) compare as text.
const newestFirst = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
const byId = (a: SortableWorkflow, b: SortableWorkflow) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
// Ties (same time to the millisecond) fall back to the id, as the API's own order does, so a
// refresh never swaps two rows.
const byUpdated = (a: SortableWorkflow, b: SortableWorkflow) => newestFirst(a.updatedAt, b.updatedAt) || byId(a, b);
// Never-run workflows after every run one, among themselves by update.
const byLastRun = (a: SortableWorkflow, b: SortableWorkflow) =>
  a.lastRun && b.lastRun ? newestFirst(a.lastRun.createdAt, b.lastRun.createdAt) || byUpdated(a, b) : a.lastRun ? -1 : b.lastRun ? 1 : byUpdated(a, b);
const failed = (w: SortableWorkflow) => w.lastRun?.status === "failed";

// naturalCompare: numbers as numbers, case only a tie-break. Its collator's locale is fixed, so
// the server's render and the browser's agree on the order (a visitor's own locale could differ
// from the server's and make React throw the server's rows away).
const COMPARE: Record<WorkflowSort, (a: SortableWorkflow, b: SortableWorkflow) => number> = {
  updated: byUpdated,
  name: (a, b) => naturalCompare(a.name, b.name) || byUpdated(a, b),
  "last-run": byLastRun,
  // The failed ones, freshest failure first; then the rest as by default.
  failed: (a, b) => (failed(a) && failed(b) ? byLastRun(a, b) : failed(a) ? -1 : failed(b) ? 1 : byUpdated(a, b)),
};

export function sortWorkflows<T extends SortableWorkflow>(workflows: readonly T[], sort: WorkflowSort): T[] {
  return [...workflows].sort(COMPARE[sort]);
}
