// The Conditions operator "was already seen" (seen_before), its client-safe half: what counts as
// the id and how long it is remembered. The check itself writes to the database in the run
// (lib/runs/record-seen-key.ts); the editor and the save checks use these to say what a rule means.

/** How long an id is remembered when "Remember for (days)" is left empty: a month covers every
 *  sender's retries (hours at most) and a resend a person makes days later. */
export const SEEN_DEFAULT_DAYS = 30;
/** The longest window: what a workspace may keep runs for (RETENTION's 3650). */
export const SEEN_MAX_DAYS = 3_650;

/** The window in days a rule's "Compare with" gives, or why it gives none. Empty is the default. */
export function seenWindowDays(right: unknown): { days: number } | { error: string } {
  if (right === null || right === undefined || (typeof right === "string" && right.trim() === "")) return { days: SEEN_DEFAULT_DAYS };
  const n = typeof right === "number" ? right : typeof right === "string" && /^\s*\d+\s*$/.test(right) ? Number(right) : NaN;
  if (Number.isInteger(n) && n >= 1 && n <= SEEN_MAX_DAYS) return { days: n };
  return { error: `must be a whole number of days from 1 to ${SEEN_MAX_DAYS.toLocaleString("en-US")} (empty: ${SEEN_DEFAULT_DAYS}); got ${JSON.stringify(right)}` };
}

/**
 * The id as the text that is remembered: a text as sent, a number or true/false as it shows
 * (42 and "42" are one id: a sender may quote it one time and not the next), a list or object
 * as JSON. null when there is no id: no value, or empty text.
 */
export function seenKeyText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value.trim() === "" ? null : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}
