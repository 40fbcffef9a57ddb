// The `before` cursor of the deliveries log (GET …/deliveries?before=), and of the runs and audit
// lists: the time and id of the last entry a page showed, as the answer's `nextBefore` gives it
// ("<ISO time>_<id>"), so the next page starts strictly after it in the list's order (time, then
// id, both descending). A bare ISO time is accepted too, with any offset (Z, +02:00, -0500): the
// entries before it. Times are stored to the millisecond, which an ISO string carries exactly.
// An id is a row id as `nextBefore` writes it (a UUID): anything else is refused, since compared
// as text it would sort after every real id and bring back the cursor's own entry.
import { badRequest } from "@/lib/api/errors";

export type DeliveriesCursor = { at: Date; id: string | null };

const TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?(?:([Zz])|([+-])(\d{2}):?(\d{2}))$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Date.UTC reads 2026-02-31 as 3 March and 24:00 as the next day's midnight, and takes year 0,
// which PostgreSQL refuses (a 500): a time is one only when its fields read back as written, from
// year 1, with an offset of at most 23:59.
function readTime(written: string): Date | null {
  const m = TIME.exec(written);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number);
  const ms = m[7] ? Number(m[7].padEnd(3, "0")) : 0;
  const local = new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms));
  local.setUTCFullYear(y); // Date.UTC maps years 0–99 to 1900–1999
  const asWritten = local.getUTCFullYear() === y && local.getUTCMonth() === mo - 1 && local.getUTCDate() === d && local.getUTCHours() === h && local.getUTCMinutes() === mi && local.getUTCSeconds() === s;
  const offH = m[9] ? Number(m[10]) : 0;
  const offM = m[9] ? Number(m[11]) : 0;
  if (!asWritten || y < 1 || offH > 23 || offM > 59) return null;
  const at = new Date(local.getTime() - (m[9] === "-" ? -1 : 1) * (offH * 60 + offM) * 60_000);
  return at.getUTCFullYear() >= 1 ? at : null;
}

/** The cursor of a `before` parameter; null when absent, 400 (naming `before`) when it is not one. */
export function parseDeliveriesCursor(raw: string | null): DeliveriesCursor | null {
  if (raw === null || raw.trim() === "") return null;
  const text = raw.trim();
  const cut = text.indexOf("_");
  const at = readTime(cut < 0 ? text : text.slice(0, cut));
  const id = cut < 0 ? null : text.slice(cut + 1);
  if (!at || (id !== null && !UUID.test(id))) {
    const why = at ? " (the part after the time is not an id a nextBefore gives)" : "";
    throw badRequest(`before must be the nextBefore of an earlier page, or an ISO time such as 2026-01-31T12:00:00.000Z or 2026-01-31T14:00:00+02:00${why}; got "${raw.slice(0, 80)}"`, { field: "before" });
  }
  return { at, id: id?.toLowerCase() ?? null };
}

/** The `nextBefore` that continues after this entry. */
export const deliveriesCursorAfter = (entry: { receivedAt: Date; id: string }) => `${entry.receivedAt.toISOString()}_${entry.id}`;
