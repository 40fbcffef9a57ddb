// JSON text that PostgreSQL can store and read back wherever it goes: "\u0000" and unpaired
// surrogates (half an emoji, left by a string cut in UTF-16 units) are refused wherever a JSON
// string becomes text or jsonb, so one such character in a delivery, a step's output, its log or
// its error would fail the whole write. They become U+FFFD, in values and in object keys.
// Used by the intake (a delivery's trigger) and by the run progress writes (lib/runs/write-progress.ts).
//
// The cleaning edits the TEXT, escape by escape, and never parses and re-stringifies: a sender's
// JSON is stored as posted (parse-payload.ts), and a round trip through JavaScript values rounds
// 64-bit integers and moves integer-like keys ("10") before the others.

/** A \u escape PostgreSQL may refuse (NUL or a surrogate), as JSON.stringify writes it: a cheap pre-check. */
const MAYBE_UNSAFE_ESCAPE = /\\u(0000|d[89a-f][0-9a-f]{2})/i;

const REPLACEMENT_ESCAPE = "\\ufffd";

/** JSON text of `value` (undefined → "null"), with NUL and lone surrogates replaced by U+FFFD. */
export function toStorableJson(value: unknown): string {
  const json = JSON.stringify(value) ?? "null";
  // JSON.stringify writes a lone surrogate and NUL as escapes (paired ones as characters), so the
  // common case is one regex test over the text; only a match pays for the escape-by-escape pass.
  return MAYBE_UNSAFE_ESCAPE.test(json) ? storableJsonText(json) : json;
}

/**
 * Valid JSON text with each escape PostgreSQL refuses (\u0000, a lone \uD800–\uDFFF) replaced by
 * the escape \ufffd; every other character, key order and number spelling included, is kept.
 * Returns `text` itself when there is nothing to replace.
 */
export function storableJsonText(text: string): string {
  let out = "";
  let from = 0;
  // In valid JSON a backslash only ever starts an escape inside a string, so walking from one
  // escape to the next keeps "\\u0000" (an escaped backslash, then the letters u0000) apart.
  for (let i = text.indexOf("\\"); i !== -1; ) {
    const length = escapeAt(text, i);
    if (length < 0) {
      out += text.slice(from, i) + REPLACEMENT_ESCAPE;
      from = i - length;
    }
    i = text.indexOf("\\", i + Math.abs(length));
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * The escape at backslash `i` of valid JSON text: its length (2 for \n, \" …, 6 for \uXXXX, 12
 * for a surrogate pair written as two escapes), negated when PostgreSQL refuses it — \u0000, or
 * a high surrogate not followed by a low one, or a low one on its own.
 */
export function escapeAt(text: string, i: number): number {
  if (text.charCodeAt(i + 1) !== 117) return 2;
  const unit = hex4(text, i + 2);
  if (unit === 0) return -6;
  if (unit < 0xd800 || unit > 0xdfff) return 6;
  if (unit <= 0xdbff && text.charCodeAt(i + 6) === 92 && text.charCodeAt(i + 7) === 117) {
    const low = hex4(text, i + 8);
    if (low >= 0xdc00 && low <= 0xdfff) return 12;
  }
  return -6;
}

/** The four hex digits at `at` as a number (valid JSON: they are hex digits). */
function hex4(text: string, at: number): number {
  let n = 0;
  for (let k = at; k < at + 4; k++) {
    const c = text.charCodeAt(k);
    n = n * 16 + (c <= 57 ? c - 48 : (c | 32) - 87);
  }
  return n;
}
