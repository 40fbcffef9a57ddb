// The `before` cursor of the deliveries log (GET …/deliveries?before=): the time and id of the
// last entry a page showed, as the answer's `nextBefore` gives it ("<ISO time>_<id>"), so the
// next page starts strictly after it in the log's order (time, then id, both descending). A
// bare ISO time is accepted too: the entries received before it. Times are stored to the
// millisecond, which an ISO string carries exactly.
import { badRequest } from "@/lib/api/errors";

export type DeliveriesCursor = { at: Date; id: string | null };

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z)(?:_([A-Za-z0-9-]{1,64}))?$/;

// Date reads 2026-02-31 as 3 March and 24:00 as the next day's midnight, and takes year 0, which
// PostgreSQL refuses (a 500): a time is one only when it reads back as written, from year 1.
function isSameTime(at: Date, written: string): boolean {
  return !Number.isNaN(at.getTime()) && at.getUTCFullYear() >= 1 && at.toISOString().slice(0, 19) === written.slice(0, 19);
}

/** The cursor of a `before` parameter; null when absent, 400 when it is not one. */
export function parseDeliveriesCursor(raw: string | null): DeliveriesCursor | null {
  if (raw === null || raw.trim() === "") return null;
  const m = CURSOR.exec(raw.trim());
  const at = m ? new Date(m[1]) : null;
  if (!m || !at || !isSameTime(at, m[1])) {
    throw badRequest(`before must be the nextBefore of an earlier page, or an ISO time such as 2026-01-31T12:00:00.000Z; got "${raw.slice(0, 80)}"`);
  }
  return { at, id: m[2] ?? null };
}

/** The `nextBefore` that continues after this entry. */
export const deliveriesCursorAfter = (entry: { receivedAt: Date; id: string }) => `${entry.receivedAt.toISOString()}_${entry.id}`;
