// What PostgreSQL cannot store from a JSON request body: text (values or keys) with the NUL
// character or an unpaired UTF-16 surrogate (jsonb and text columns refuse both), and nesting
// deeper than the intake also allows. Found before anything is written, so such a body is a 400
// naming where it is, not a database error answered 500. Also a number beyond the double range
// (1e400): JSON.parse makes it ±Infinity, which JSON.stringify would store as null. (A route
// that keeps such numbers as written reads them as JSON.rawJSON values, parse-exact-json.ts.)
import { MAX_JSON_DEPTH } from "@/lib/json/max-json-depth";
import { exactNumberText } from "@/lib/json/parse-exact-json";

/** Deliveries (lib/intake/parse-payload.ts), API bodies and Code steps' outputs share this bound. */
export { MAX_JSON_DEPTH };

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
export const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a number cannot be stored (as itself), or null when it can. */
export const BEYOND_DOUBLE_RANGE = "is a number beyond ±1.8e308, the largest a number can be here";

/** Why a string cannot be stored, or null when it can. */
export function unstorableText(s: string): string | null {
  if (s.includes("\u0000")) return "contains the NUL character (\\u0000), which cannot be stored";
  if (UNPAIRED_SURROGATE.test(s)) return "contains an unpaired UTF-16 surrogate (a lone \\uD800–\\uDFFF escape), which cannot be stored";
  return null;
}

// One frame per object or array on the way down, linked to its parent: the path of a problem is
// built only when one is found. (A copy of the path per child, held for every pending child,
// grew as depth × elements: a 5 MB body 500 levels deep could exhaust the heap.)
type Frame = { container: object; key: string; parent: Frame | null; depth: number };

const pathOf = (frame: Frame | null, last?: string): string => {
  const parts: string[] = last === undefined ? [] : [last];
  for (let f = frame; f && f.parent; f = f.parent) parts.unshift(f.key);
  return parts.join(".");
};

/** The first problem in a parsed JSON value, with the path to it ("steps.0.name"), or null. */
export function findUnstorableJson(value: unknown): { path: string; problem: string } | null {
  if (typeof value === "string") {
    const problem = unstorableText(value);
    return problem ? { path: "", problem } : null;
  }
  if (typeof value === "number") return Number.isFinite(value) ? null : { path: "", problem: BEYOND_DOUBLE_RANGE };
  if (value === null || typeof value !== "object") return null;
  const stack: Frame[] = [{ container: value, key: "", parent: null, depth: 0 }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.depth >= MAX_JSON_DEPTH) return { path: pathOf(frame), problem: `is nested deeper than ${MAX_JSON_DEPTH} levels` };
    for (const [k, child] of Object.entries(frame.container)) {
      const keyProblem = unstorableText(k);
      if (keyProblem) return { path: pathOf(frame), problem: `has a key that ${keyProblem}` };
      if (typeof child === "string") {
        const problem = unstorableText(child);
        if (problem) return { path: pathOf(frame, k), problem };
      } else if (typeof child === "number") {
        if (!Number.isFinite(child)) return { path: pathOf(frame, k), problem: BEYOND_DOUBLE_RANGE };
      } else if (child !== null && typeof child === "object" && exactNumberText(child) === null) {
        // (A number kept as written, parse-exact-json.ts, is an object to JavaScript: a value here.)
        stack.push({ container: child, key: k, parent: frame, depth: frame.depth + 1 });
      }
    }
  }
  return null;
}
