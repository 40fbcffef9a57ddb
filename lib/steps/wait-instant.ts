// The instant a Wait step's "until" names. Takes ISO 8601 or HTTP-date text or a Unix timestamp
// (a number, or text of digits): below 1e11 it is seconds (what most APIs send; 1e11 s is the
// year 5138), from 1e11 on milliseconds (1e11 ms is March 1973, so no recent instant in either
// unit is misread). Pure and client-safe: the editor and going Live judge a literal "until"
// (one without references) with it, as a run would read it (lib/steps/find-missing-fields.ts).
// The Wait step itself (lib/steps/executors/wait.ts) reads "until" with it too.

import { WAIT_MAX_DAYS } from "@/lib/steps/catalog";

const UNIX_MS_FROM = 1e11;

// Text is read only in forms that say one instant: ISO 8601 (a date, or a date and time with or
// without an offset — without one it is the worker's local time, UTC on a server) and the HTTP /
// e-mail form. Date.parse alone read "01.12.2026" (1 December in most of Europe) as 12 January,
// "Dec 1" as 2001 and rolled "2026-02-30" over to 2 March, and the run went on at once.
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const RFC_1123 = /^(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun),\s*)?(\d{1,2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d{2}):(\d{2})(?::(\d{2}))? (?:GMT|UTC|UT|Z|[+-]\d{4})$/i;
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Whether the fields are a real day and time (no 30 February, no 24:00, no 61st second). */
function fieldsValid(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month) && hour <= 23 && minute <= 59 && second <= 59;
}

function textInstant(text: string): number {
  const iso = ISO.exec(text);
  if (iso) {
    const [y, mo, d, h, mi, s] = iso.slice(1).map((v) => (v === undefined ? undefined : Number(v)));
    // A plain ISO date is midnight UTC (Date.parse's reading; a date and time without offset is local).
    // ISO 8601 allows an offset of hours alone (+05, -03), which Date.parse refuses: it is +05:00.
    const iso8601 = text.toUpperCase().replace(" ", "T").replace(",", ".").replace(/(T[\d:.]+[+-]\d{2})$/, "$1:00");
    return fieldsValid(y!, mo!, d!, h, mi, s) ? Date.parse(iso8601) : NaN;
  }
  const rfc = RFC_1123.exec(text);
  if (rfc) {
    const [day, mon, year, h, mi, s] = rfc.slice(1);
    return fieldsValid(Number(year), MONTHS.indexOf(mon.toLowerCase()) + 1, Number(day), Number(h), Number(mi), Number(s ?? 0)) ? Date.parse(text) : NaN;
  }
  return NaN;
}

// A Date holds instants up to 8.64e15 ms either side of 1970 (about 273,790 years); a timestamp
// past that has no date to name (toISOString throws "Invalid time value").
const DATE_RANGE_MS = 8.64e15;

/** Milliseconds since the epoch, or NaN. A timestamp after the last instant a date can hold stays
 *  as it is (a run says it is too far away to wait for); one before the first is NaN: no date. */
export function instantOf(value: unknown): number {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : null;
  if (n !== null) {
    const ms = Number.isFinite(n) ? Math.round(n < UNIX_MS_FROM ? n * 1000 : n) : NaN;
    return ms < -DATE_RANGE_MS ? NaN : ms;
  }
  return typeof value === "string" ? textInstant(value.trim()) : NaN;
}

/** An instant from instantOf in words: ISO 8601, or past the last date there is, the value as given. */
export const instantText = (ms: number, value: unknown) => (ms <= DATE_RANGE_MS ? new Date(ms).toISOString() : String(value).trim());

/** What a run says of a value that gives no instant. */
export const notAnInstant = (value: unknown) =>
  `"${String(value ?? "")}" is not a date and time this step can read without guessing (use ISO 8601, e.g. 2026-12-01T02:00:00Z, an HTTP date such as Tue, 01 Dec 2026 02:00:00 GMT, or a Unix timestamp in seconds or milliseconds)`;

/** Why a Wait cannot wait until `ms` (from instantOf; `value` as given), or null: the same bound
 *  as a duration's, so an instant decades away (a year typed wrong, a timestamp in the wrong unit)
 *  is said instead of parking the run for good. The editor and going Live judge a literal "until"
 *  with it against the present; a run, against the moment it reaches the step. */
export function tooFarAway(ms: number, value: unknown, now = Date.now()): string | null {
  return ms - now > WAIT_MAX_DAYS * 86_400_000 ? `${instantText(ms, value)} is more than ${WAIT_MAX_DAYS} days away: a Wait waits at most ${WAIT_MAX_DAYS} days` : null;
}
