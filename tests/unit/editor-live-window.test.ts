import { describe, expect, it } from "vitest";
import { countNew, fillAfter, showNew, windowExtended, windowFromHead, windowItems, type LivePage } from "@/lib/editor/live-window";

type Row = { id: string; at: string };
const timeOf = (r: Row) => r.at;
/** Rows n..m (n newest), one second apart: row 10 is 00:00:10. */
const rows = (from: number, to: number): Row[] => {
  const out: Row[] = [];
  for (let n = from; n >= to; n--) out.push({ id: `r${n}`, at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString() });
  return out;
};
const page = (from: number, to: number, more: boolean): LivePage<Row> => ({ items: rows(from, to), nextBefore: more ? `c${to}` : null });
const ids = (w: ReturnType<typeof windowFromHead<Row>> | null) => windowItems(w).map((r) => r.id);

describe("live window", () => {
  it("counts the head's new entries above the window and keeps the window when they are shown", () => {
    const win = windowFromHead(page(10, 6, true)); // r10..r6, older after c6
    const head = page(13, 9, true); // three new, then r10 r9
    expect(countNew(win, head, timeOf)).toEqual({ count: 3, more: false });
    const shown = showNew(win, head, timeOf);
    expect(ids(shown)).toEqual(["r13", "r12", "r11", "r10", "r9", "r8", "r7", "r6"]);
    expect(shown.segments).toHaveLength(1);
    expect(shown.segments[0].next).toBe("c6");
    expect(countNew(shown, head, timeOf)).toEqual({ count: 0, more: false });
    expect(windowExtended(shown, 5)).toBe(true);
  });

  it("a head of new entries only is a gap: '5+ new', shown above a gap that loads and joins", () => {
    const win = windowFromHead(page(10, 6, true));
    const head = page(30, 26, true);
    expect(countNew(win, head, timeOf)).toEqual({ count: 5, more: true });
    const shown = showNew(win, head, timeOf);
    expect(shown.segments.map((s) => s.next)).toEqual(["c26", "c6"]);
    // The gap, page by page: r25..r21 (still short of r10), then r20..r11 and r10, which joins.
    const once = fillAfter(shown, "c26", page(25, 21, true), timeOf)!;
    expect(once.segments.map((s) => s.next)).toEqual(["c21", "c6"]);
    const joined = fillAfter(once, "c21", page(20, 6, true), timeOf)!;
    expect(joined.segments).toHaveLength(1);
    expect(ids(joined)).toEqual(rows(30, 6).map((r) => r.id));
    expect(joined.segments[0].next).toBe("c6");
  });

  it("older pages go after the last entry; a cursor no longer in the window changes nothing", () => {
    const win = windowFromHead(page(10, 6, true));
    const older = fillAfter(win, "c6", page(5, 1, false), timeOf)!;
    expect(ids(older)).toEqual(rows(10, 1).map((r) => r.id));
    expect(older.segments[0].next).toBeNull();
    expect(fillAfter(older, "c6", page(5, 1, false), timeOf)).toBe(older);
  });

  it("an entry the head holds that is older than the window's newest is not news (the window passed it)", () => {
    const win = windowFromHead({ items: rows(10, 8), nextBefore: null });
    // r10 trimmed away meanwhile (retention): the head starts at r11, then r9.
    const head: LivePage<Row> = { items: [...rows(11, 11), ...rows(9, 8)], nextBefore: null };
    expect(countNew(win, head, timeOf)).toEqual({ count: 1, more: false });
    expect(ids(showNew(win, head, timeOf))).toEqual(["r11", "r10", "r9", "r8"]);
  });

  it("an empty window takes the head as it is", () => {
    expect(ids(showNew(null, page(3, 1, false), timeOf))).toEqual(["r3", "r2", "r1"]);
    expect(countNew(windowFromHead({ items: [], nextBefore: null }), page(2, 1, false), timeOf)).toEqual({ count: 2, more: false });
    expect(windowExtended(windowFromHead(page(3, 1, false)), 3)).toBe(false);
  });
});
