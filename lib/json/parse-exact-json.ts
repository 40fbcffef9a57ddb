// JSON.parse that keeps, as written, the numbers a double would change: integers beyond double
// precision (a sender's 64-bit id: 9007199254740993 reads back as …992 through JSON.parse) and
// numbers beyond the double range (1e400, -1e400: JSON.parse makes ±Infinity, which
// JSON.stringify writes as null). The json columns store them as posted, and the API must answer
// with the posted JSON. Such a number becomes a JSON.rawJSON value, which JSON.stringify writes
// out verbatim. Only for reading back and re-storing with JSON.stringify: steps compute with
// ordinary (double) numbers — ±Infinity for the second kind — and Prisma must never be given such
// a value (it walks objects and would store {"rawJSON": "…"}).
// Node 24 has JSON.parse's source-text access and JSON.rawJSON; TypeScript 5.9 does not type them.
type Reviver = (key: string, value: unknown, context: { source?: string }) => unknown;
const parse = JSON.parse as (text: string, reviver?: Reviver) => unknown;
const rawJSON = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON;

// Doubles are exact up to 2^53 (16 digits), and reach ±1.8e308: a number with fewer than 16
// digits in a row is below 1e16 times its power of ten, so it needs an exponent of 293 or more
// (three digits or more) to pass it. A JSON text with neither has no number to lose and skips the
// (slower) reviver. The exponent must end the number (a comma, bracket, brace, space or the
// end follows), so hex in strings ("…3e400a…", a commit hash) does not send texts through it.
const MAY_LOSE_NUMBERS = /\d{16}|\d[eE]\+?\d{3,}(?=[\s,\]}]|$)/;
const INTEGER = /^-?\d+$/;

// Kept as written when the double would be written back differently: a number beyond the
// double range (±Infinity, written null), a rounded integer (9007199254740993 → …992), and also
// an exact one JSON.stringify abbreviates (1152921504606846976 is a double exactly, but prints as
// 1152921504606847000). Other decimals are doubles: 0.1000000000000000001 reads 0.1, 1e-400 reads 0.
function keepExact(_key: string, value: unknown, context: { source?: string }): unknown {
  if (typeof value !== "number" || Number.isSafeInteger(value)) return value;
  const source = context?.source;
  if (!source) return value;
  if (!Number.isFinite(value)) return rawJSON(source);
  if (!INTEGER.test(source) || JSON.stringify(value) === source) return value;
  return rawJSON(source);
}

/** Whether the text may hold a number JSON.parse would change: an integer it would round, or a
 *  number beyond the double range. */
export const mayLoseNumbers = (text: string): boolean => MAY_LOSE_NUMBERS.test(text);

export function parseExactJson(text: string): unknown {
  return mayLoseNumbers(text) ? parse(text, keepExact) : JSON.parse(text);
}

/** Whether a parsed value holds a number that may have been rounded from an integer (so its
 *  text is worth reading again): an integer-valued double beyond 2^53, or an infinity (a number
 *  beyond the double range, or an integer of 309 digits). */
export function mayHaveRoundedIntegers(value: unknown): boolean {
  if (typeof value === "number") return !Number.isSafeInteger(value) && (Number.isInteger(value) || !Number.isFinite(value));
  if (Array.isArray(value)) return value.some(mayHaveRoundedIntegers);
  if (value !== null && typeof value === "object") return Object.values(value).some(mayHaveRoundedIntegers);
  return false;
}

// The browser's reading of the API (components/editor/api.ts). The server writes its doubles as
// JSON.stringify does, so a number spelled any other way is one it kept as written (a 64-bit id
// in a trigger, read back exactly above, or 1e400, which a double would show as null): every such
// number stays JSON.rawJSON, so the Executions tab shows what was posted. Decimals too, should
// the server ever keep their digits: a double holds 15 significant digits for certain, so a text
// without 16 digits in a row (a decimal point aside), nor an exponent past the double range
// (MAY_LOSE_NUMBERS), has no number to lose and skips the reviver. Where the browser lacks
// source access (Safari before 18.4, Firefox before 135) the numbers read as doubles, as before.
const MAY_DIFFER = /\d(?:\.?\d){15}|\d[eE]\+?\d{3,}(?=[\s,\]}]|$)/;

function keepAsWritten(_key: string, value: unknown, context: { source?: string }): unknown {
  if (typeof value !== "number" || Number.isSafeInteger(value)) return value;
  const source = context?.source;
  if (!source || JSON.stringify(value) === source) return value;
  return rawJSON(source);
}

export function parseJsonAsWritten(text: string): unknown {
  return MAY_DIFFER.test(text) ? parse(text, keepAsWritten) : JSON.parse(text);
}

const isRawJSON = (JSON as unknown as { isRawJSON?: (v: unknown) => boolean }).isRawJSON ?? (() => false);

/** A number kept as written (JSON.rawJSON): its text, else null. Such a value is an object to
 *  JavaScript, so what types or previews values asks here first. */
export function exactNumberText(value: unknown): string | null {
  return isRawJSON(value) ? (value as { rawJSON: string }).rawJSON : null;
}

/** Whether the value holds a number kept as written (JSON.rawJSON) anywhere inside. */
export function holdsExactNumbers(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  if (isRawJSON(value)) return true;
  return (Array.isArray(value) ? value : Object.values(value)).some(holdsExactNumbers);
}

/** The value with each number kept as written turned into the double JSON.parse makes of it,
 *  for where numbers are computed with (or checked by zod); the same value when it holds none. */
export function roundExactNumbers(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  const text = exactNumberText(value);
  if (text !== null) return JSON.parse(text);
  let changed = false;
  const round = (v: unknown) => {
    const r = roundExactNumbers(v);
    if (r !== v) changed = true;
    return r;
  };
  if (Array.isArray(value)) {
    const out = value.map(round);
    return changed ? out : value;
  }
  const entries = Object.entries(value).map(([k, v]) => [k, round(v)] as const);
  // Object.fromEntries defines each key, so a "__proto__" key stays data.
  return changed ? Object.fromEntries(entries) : value;
}

/** A deep copy that keeps numbers kept as written as they are: structuredClone cannot clone
 *  one (a JSON.rawJSON value is a frozen object of its own kind), and a copy made key by key
 *  would turn it into a plain {"rawJSON": "…"} object. */
export function copyJson<T>(value: T): T {
  if (value === null || typeof value !== "object" || isRawJSON(value)) return value;
  if (Array.isArray(value)) return value.map(copyJson) as T;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyJson(v)])) as T;
}
