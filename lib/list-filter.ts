// Client-side narrowing of a list the page already holds in full (variables, files, accounts,
// workspaces): a case-insensitive "contains", and a natural order for keys people number
// (AUD_2 before AUD_10). Pure and client-safe.

/** True when the query is empty or one of the texts contains it (case ignored, ends trimmed). */
export function matchesFilter(query: string, ...texts: (string | null | undefined)[]): boolean {
  const q = query.trim().toLowerCase();
  if (q === "") return true;
  return texts.some((t) => t != null && t.toLowerCase().includes(q));
}

// numeric: runs of digits compare as numbers. Case and punctuation still count, so two keys
// that differ only there keep a stable, distinct order.
const collator = new Intl.Collator("en", { numeric: true });

/** Orders names as people read numbers in them: AUD_0, AUD_1, AUD_2, …, AUD_10. */
export function naturalCompare(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
