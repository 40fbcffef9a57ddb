// One Conditions rule, `left op right`, over resolved values. Pure and client-safe (the editor
// can preview a rule with sample data). Comparisons follow what a technician expects from
// payload data: two texts compare as text ("007" is not "7", "1.10" is not "1.1": ids, codes
// and versions are text); a number and a text that reads as one compare as numbers (a typed
// "5" equals {{ 1.count }} = 5, since the editor's "Compare with" is always text); so does no
// value (null, or a field the data lacks) and the text "null", as the run view and Workflow data
// show it; the ordering operators (gt, gte, lt, lte) compare numbers, texts that read as numbers,
// ISO dates as instants, then text.
import type { ruleOps } from "@/lib/steps/catalog";

export type RuleOp = (typeof ruleOps)[number];

/** A rule that cannot be evaluated as written (e.g. an invalid regular expression). */
export class RuleError extends Error {}

// Sign, integer digits, fraction digits, exponent.
const NUMERIC = /^\s*(-?)(\d*)\.?(\d*)(?:[eE]([-+]?\d+))?\s*$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A finite number, or a text that reads as a number. */
function isNumeric(v: unknown): v is number | string {
  if (typeof v === "number") return Number.isFinite(v);
  if (typeof v !== "string") return false;
  const m = NUMERIC.exec(v);
  return m !== null && (m[2] !== "" || m[3] !== "");
}

// Beyond what the exact comparison will spend its effort on (a megabyte of digits, 1e999999999).
const MAX_EXACT_DIGITS = 400;
const MAX_EXACT_EXPONENT = 1_000;

/** The value as written, exactly: `m * 10^e`; null when too long to be worth it. */
function exactValue(v: number | string): { m: bigint; e: number } | null {
  // A number as it shows (in the step's log, the run view): 0.1 is "0.1", and 2^60, which
  // prints as 1152921504606847000, equals that text, not "1152921504606846976".
  if (typeof v === "number") return exactValue(String(v));
  const m = NUMERIC.exec(v);
  if (!m) return null;
  const [, sign, int, frac, exp] = m;
  const digits = `${int}${frac}`.replace(/^0+(?=\d)/, "");
  const e = Number(exp ?? 0) - frac.length;
  if (digits.length > MAX_EXACT_DIGITS || !Number.isSafeInteger(e) || Math.abs(e) > MAX_EXACT_EXPONENT) return null;
  const n = BigInt(digits || "0");
  return { m: sign === "-" ? -n : n, e };
}

/**
 * -1, 0 or 1 between two numbers or texts that read as numbers. Doubles order them, except
 * where they are one double: beyond 2^53 doubles skip integers (9007199254740993 reads as
 * …992), so two different ids would compare equal; the digits as written decide then.
 */
function compareNumbers(a: number | string, b: number | string): number {
  const x = Number(a);
  const y = Number(b);
  if (x < y) return -1;
  if (x > y) return 1;
  const ea = exactValue(a);
  const eb = exactValue(b);
  if (!ea || !eb) return 0;
  const e = Math.min(ea.e, eb.e);
  const ma = ea.m * 10n ** BigInt(ea.e - e);
  const mb = eb.m * 10n ** BigInt(eb.e - e);
  return ma < mb ? -1 : ma > mb ? 1 : 0;
}

function asInstant(v: unknown): number | null {
  if (typeof v !== "string" || !ISO_DATE.test(v.trim())) return null;
  const t = Date.parse(v.trim());
  return Number.isFinite(t) ? t : null;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // The text "null" stands for no value too: Compare with is always text, and null is how a
  // field without one shows. (It matched only the text "null" before, so {{ 1.assignee }} equals
  // null never held for an unassigned ticket.) Spelt exactly so, as "true" is for true; "is
  // empty" also takes "", [] and {}.
  if (a === null || a === undefined) return b === "null";
  if (b === null || b === undefined) return a === "null";
  // Two texts are equal only as written: "007" is not "7", "1.10" is not "1.1", and two
  // 19-digit ids that would round to one double stay two ids.
  if (typeof a === "string" && typeof b === "string") return false;
  // A number and a text that reads as one (a typed "5" against a payload's 5).
  if ((typeof a === "number" || typeof b === "number") && isNumeric(a) && isNumeric(b)) return compareNumbers(a, b) === 0;
  if (typeof a === "boolean" || typeof b === "boolean") return String(a) === String(b);
  if (typeof a === "object" || typeof b === "object") return JSON.stringify(a) === JSON.stringify(b);
  return String(a) === String(b);
}

/** -1, 0, 1, or null when the two cannot be ordered. */
function order(a: unknown, b: unknown): number | null {
  if (a === null || b === null || a === undefined || b === undefined) return null;
  if (isNumeric(a) && isNumeric(b)) return compareNumbers(a, b);
  const ta = asInstant(a);
  const tb = asInstant(b);
  if (ta !== null && tb !== null) return Math.sign(ta - tb);
  if (typeof a === "string" && typeof b === "string") return Math.sign(a.localeCompare(b));
  return null;
}

function isEmpty(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v === "string") return v.trim() === "";
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === "object") return Object.keys(v).length === 0;
  return false;
}

/** `pattern`, or `/pattern/flags`. */
function toRegExp(right: unknown): RegExp {
  const text = String(right ?? "");
  if (text.length > 1_000) throw new RuleError("regular expression is longer than 1,000 characters");
  const slashed = /^\/(.*)\/([dgimsuy]*)$/s.exec(text);
  try {
    return slashed ? new RegExp(slashed[1], slashed[2].replace(/[gy]/g, "")) : new RegExp(text);
  } catch (e) {
    throw new RuleError(`invalid regular expression ${JSON.stringify(text)}: ${(e as Error).message}`);
  }
}

function listOf(right: unknown): unknown[] {
  if (Array.isArray(right)) return right;
  if (typeof right === "string") return right.split(",").map((s) => s.trim());
  return right === null || right === undefined ? [] : [right];
}

// Regular expressions run on at most this much text, which bounds the cost of a pattern that
// backtracks badly on a large payload.
const MAX_MATCH_TEXT = 100_000;

/**
 * What a `matches` rule tests: its pattern, checked (compiling is quick; matching is what can
 * backtrack for ages), and the text; null when there is nothing to test.
 */
export function matchesInput(left: unknown, right: unknown): { re: RegExp; text: string } | null {
  if (left === null || left === undefined) return null;
  const text = typeof left === "object" ? JSON.stringify(left) : String(left);
  return { re: toRegExp(right), text: text.slice(0, MAX_MATCH_TEXT) };
}

export function evaluateRule(left: unknown, op: RuleOp, right: unknown): boolean {
  switch (op) {
    case "equals":
      return same(left, right);
    case "not_equals":
      return !same(left, right);
    case "contains":
      if (typeof left === "string") return right !== null && right !== undefined && left.includes(String(right));
      if (Array.isArray(left)) return left.some((x) => same(x, right));
      if (left !== null && typeof left === "object") return Object.prototype.hasOwnProperty.call(left, String(right));
      return false;
    case "gt":
    case "gte":
    case "lt":
    case "lte": {
      const o = order(left, right);
      if (o === null) return false;
      return op === "gt" ? o > 0 : op === "gte" ? o >= 0 : op === "lt" ? o < 0 : o <= 0;
    }
    case "exists":
      return left !== null && left !== undefined;
    case "is_empty":
      return isEmpty(left);
    case "matches": {
      const input = matchesInput(left, right);
      return input !== null && input.re.test(input.text);
    }
    case "in_list":
      return listOf(right).some((x) => same(left, x));
    case "seen_before":
      // What earlier runs recorded is in the database: the run's Conditions step asks it.
      throw new RuleError("was already seen is known only in a run (it asks what earlier runs recorded)");
  }
}
