// JSON.parse that keeps integers beyond double precision exactly as written. A sender's ids can
// be 64-bit integers (9007199254740993 reads back as …992 through JSON.parse); PostgreSQL's jsonb
// stores them exactly, and the API must answer with the posted JSON. Such a number becomes a
// JSON.rawJSON value, which JSON.stringify writes out verbatim. Only for reading back and
// re-storing with JSON.stringify: step code computes with ordinary (double) numbers, and Prisma
// must never be given such a value (it walks objects and would store {"rawJSON": "…"}).
// Node 24 has JSON.parse's source-text access and JSON.rawJSON; TypeScript 5.9 does not type them.
type Reviver = (key: string, value: unknown, context: { source?: string }) => unknown;
const parse = JSON.parse as (text: string, reviver?: Reviver) => unknown;
const rawJSON = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON;

// Doubles are exact up to 2^53 (16 digits); a JSON text without a run of 16 digits has no
// integer to lose, and skips the (slower) reviver.
const LONG_DIGITS = /\d{16}/;
const INTEGER = /^-?\d+$/;

// Kept as written when the double would be written back differently: a rounded value
// (9007199254740993 → …992), and also an exact one JSON.stringify abbreviates
// (1152921504606846976 is a double exactly, but prints as 1152921504606847000).
function keepExact(_key: string, value: unknown, context: { source?: string }): unknown {
  if (typeof value !== "number" || Number.isSafeInteger(value)) return value;
  const source = context?.source;
  if (!source || !INTEGER.test(source) || JSON.stringify(value) === source) return value;
  return rawJSON(source);
}

/** Whether the text may hold an integer that JSON.parse would round. */
export const mayLoseIntegers = (text: string): boolean => LONG_DIGITS.test(text);

export function parseExactJson(text: string): unknown {
  return mayLoseIntegers(text) ? parse(text, keepExact) : JSON.parse(text);
}

/** Whether a parsed value holds a number that may have been rounded from an integer (so its
 *  text is worth reading again): an integer-valued double beyond 2^53, or an infinity. */
export function mayHaveRoundedIntegers(value: unknown): boolean {
  if (typeof value === "number") return !Number.isSafeInteger(value) && (Number.isInteger(value) || !Number.isFinite(value));
  if (Array.isArray(value)) return value.some(mayHaveRoundedIntegers);
  if (value !== null && typeof value === "object") return Object.values(value).some(mayHaveRoundedIntegers);
  return false;
}

// The browser's reading of the API (components/editor/api.ts). The server writes its doubles as
// JSON.stringify does, so a number spelled any other way is one it kept as written (a 64-bit id
// in a trigger, read back exactly above): every such number stays JSON.rawJSON, so the
// Executions tab shows what was posted. Decimals too, should the server ever keep their digits:
// a double holds 15 significant digits for certain, so a text without 16 digits in a row (a
// decimal point aside) has no number to lose and skips the reviver. Where the browser lacks
// source access (Safari before 18.4, Firefox before 135) the numbers read as doubles, as before.
const SIXTEEN_DIGITS = /\d(?:\.?\d){15}/;

function keepAsWritten(_key: string, value: unknown, context: { source?: string }): unknown {
  if (typeof value !== "number" || Number.isSafeInteger(value)) return value;
  const source = context?.source;
  if (!source || JSON.stringify(value) === source) return value;
  return rawJSON(source);
}

export function parseJsonAsWritten(text: string): unknown {
  return SIXTEEN_DIGITS.test(text) ? parse(text, keepAsWritten) : JSON.parse(text);
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
