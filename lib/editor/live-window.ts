// The loaded part of a live list (a step's Executions, the deliveries log), kept as its reader
// loaded it. The API pages newest first from a `before` cursor and has no "after", so the newest
// page (the head) is polled and compared with what is shown: while nobody reads, the window is the
// head (a live tail); once someone reads (an entry open, older pages loaded, scrolled in), the
// window keeps every entry and the head's new ones wait, counted, until asked for. Refetching the
// loaded pages from the newest instead pushed the entry being read down a row per arrival and off
// the last page. Pure and client-safe.

export type LivePage<T> = { items: readonly T[]; nextBefore: string | null };

/** Runs of contiguous entries, newest first. `next` is the cursor after a segment's last entry:
 *  between two segments lie entries not loaded (a gap), after the last one older entries (null:
 *  none). */
export type LiveWindow<T> = { segments: readonly { items: readonly T[]; next: string | null }[] };

/** An entry's id and its time in the list's order (ISO, as the API sends it). */
export type LiveEntry = { id: string };
export type TimeOf<T> = (item: T) => string;

export const windowFromHead = <T>(head: LivePage<T>): LiveWindow<T> => ({ segments: [{ items: head.items, next: head.nextBefore }] });

export const windowItems = <T>(win: LiveWindow<T> | null): T[] => (win ? win.segments.flatMap((s) => s.items) : []);

/** More than the head holds: older pages loaded, new ones shown, a gap. Dropping back to the
 *  head would drop entries the reader asked for. */
export const windowExtended = <T>(win: LiveWindow<T> | null, pageSize: number): boolean =>
  !!win && (win.segments.length > 1 || win.segments[0].items.length > pageSize);

const ms = (iso: string) => Date.parse(iso);

/** The head's entries above the window's newest: not in it, and not older than its first entry
 *  (an entry older than that is one the window passed over, not news). `reaches`: the head goes
 *  down into the window, so nothing lies between the two. */
function newAbove<T extends LiveEntry>(items: readonly T[], head: LivePage<T>, timeOf: TimeOf<T>): { fresh: T[]; reaches: boolean } {
  const top = items[0];
  if (!top) return { fresh: [...head.items], reaches: head.nextBefore === null };
  const ids = new Set(items.map((i) => i.id));
  const topAt = ms(timeOf(top));
  const fresh: T[] = [];
  let reaches = head.nextBefore === null;
  for (const item of head.items) {
    const at = ms(timeOf(item));
    if (ids.has(item.id) || at < topAt) {
      reaches = true;
      break;
    }
    fresh.push(item);
  }
  return { fresh, reaches };
}

/** How many of the head's entries the window does not show yet; `more`: the whole head is new,
 *  so there may be more than it holds ("20+"). */
export function countNew<T extends LiveEntry>(win: LiveWindow<T> | null, head: LivePage<T> | undefined, timeOf: TimeOf<T>): { count: number; more: boolean } {
  if (!win || !head) return { count: 0, more: false };
  const { fresh, reaches } = newAbove(win.segments[0].items, head, timeOf);
  return { count: fresh.length, more: !reaches };
}

/** The head's new entries put above the window, nothing of it dropped. When the head does not
 *  reach the window, the entries between are a gap the reader can load. */
export function showNew<T extends LiveEntry>(win: LiveWindow<T> | null, head: LivePage<T>, timeOf: TimeOf<T>): LiveWindow<T> {
  if (!win) return windowFromHead(head);
  const [first, ...rest] = win.segments;
  const { fresh, reaches } = newAbove(first.items, head, timeOf);
  if (fresh.length === 0) return win;
  if (reaches) return { segments: [{ items: [...fresh, ...first.items], next: first.next }, ...rest] };
  return { segments: [{ items: fresh, next: head.nextBefore }, ...win.segments] };
}

/** `page` was fetched from the cursor `from` (a segment's `next`): its entries go after that
 *  segment, up to the next segment, which it joins once it reaches it. A window no longer
 *  holding that cursor (replaced meanwhile) is returned as it is. */
export function fillAfter<T extends LiveEntry>(win: LiveWindow<T> | null, from: string, page: LivePage<T>, timeOf: TimeOf<T>): LiveWindow<T> | null {
  if (!win) return win;
  const i = win.segments.findIndex((s) => s.next === from);
  if (i < 0) return win;
  const seg = win.segments[i];
  const after = win.segments[i + 1];
  const have = new Set(seg.items.map((s) => s.id));
  const segments = [...win.segments];
  if (!after) {
    segments[i] = { items: [...seg.items, ...page.items.filter((p) => !have.has(p.id))], next: page.nextBefore };
    return { segments };
  }
  const afterIds = new Set(after.items.map((a) => a.id));
  const afterTop = after.items[0] ? ms(timeOf(after.items[0])) : -Infinity;
  const taken: T[] = [];
  let joined = page.nextBefore === null;
  for (const p of page.items) {
    if (afterIds.has(p.id) || ms(timeOf(p)) < afterTop) {
      joined = true;
      break;
    }
    if (!have.has(p.id)) taken.push(p);
  }
  if (joined) segments.splice(i, 2, { items: [...seg.items, ...taken, ...after.items], next: after.next });
  else segments[i] = { items: [...seg.items, ...taken], next: page.nextBefore };
  return { segments };
}
