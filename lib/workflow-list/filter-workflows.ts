// The list page's search: every word of the query must appear in the workflow's name, its
// mode (draft/live), its trigger or its last run's status, ignoring case and accents, so
// "live webhook" or "failed" narrow the list the way a technician expects; a pushed copy also
// matches "pushed" and its provider's name, as its row reads. Client-safe, pure.
export type SearchableWorkflow = {
  name: string;
  mode: string;
  triggerKind: string | null;
  lastRun: { status: string } | null;
  pushedFrom?: { provider: { name: string } } | null;
};

const fold = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();

export function filterWorkflows<T extends SearchableWorkflow>(workflows: readonly T[], query: string): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...workflows];
  return workflows.filter((w) => {
    const haystack = fold([w.name, w.mode, w.triggerKind ?? "", w.lastRun?.status ?? "never run", w.pushedFrom ? `pushed ${w.pushedFrom.provider.name}` : ""].join(" "));
    return words.every((word) => haystack.includes(word));
  });
}
