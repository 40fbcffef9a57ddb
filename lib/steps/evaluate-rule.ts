// One Conditions rule, `left op right`, over resolved values. Pure and client-safe (the editor
// can preview a rule with sample data). Comparisons follow what a technician expects from
// payload data: "5" equals 5, numbers compare as numbers, ISO dates as instants, text as text.
import type { ruleOps } from "@/lib/steps/catalog";

export type RuleOp = (typeof ruleOps)[number];

/** A rule that cannot be evaluated as written (e.g. an invalid regular expression). */
export class RuleError extends Error {}

const NUMERIC = /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function asNumber(v: unknown): number | null {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && NUMERIC.test(v)) return Number(v);
  return null;
}

function asInstant(v: unknown): number | null {
  if (typeof v !== "string" || !ISO_DATE.test(v.trim())) return null;
  const t = Date.parse(v.trim());
  return Number.isFinite(t) ? t : null;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  const na = asNumber(a);
  const nb = asNumber(b);
  if (na !== null && nb !== null) return na === nb;
  if (typeof a === "boolean" || typeof b === "boolean") return String(a) === String(b);
  if (typeof a === "object" || typeof b === "object") return JSON.stringify(a) === JSON.stringify(b);
  return String(a) === String(b);
}

/** -1, 0, 1, or null when the two cannot be ordered. */
function order(a: unknown, b: unknown): number | null {
  if (a === null || b === null || a === undefined || b === undefined) return null;
  const na = asNumber(a);
  const nb = asNumber(b);
  if (na !== null && nb !== null) return Math.sign(na - nb);
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
  }
}
