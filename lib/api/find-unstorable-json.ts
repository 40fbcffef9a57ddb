// What PostgreSQL cannot store from a JSON request body: text (values or keys) with the NUL
// character or an unpaired UTF-16 surrogate (jsonb and text columns refuse both), and nesting
// deeper than the intake also allows. Found before anything is written, so such a body is a 400
// naming where it is, not a database error answered 500.
export const MAX_JSON_DEPTH = 512;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a string cannot be stored, or null when it can. */
export function unstorableText(s: string): string | null {
  if (s.includes("\u0000")) return "contains the NUL character (\\u0000), which cannot be stored";
  if (UNPAIRED_SURROGATE.test(s)) return "contains an unpaired UTF-16 surrogate (a lone \\uD800–\\uDFFF escape), which cannot be stored";
  return null;
}

/** The first problem in a parsed JSON value, with the path to it ("steps.0.name"), or null. */
export function findUnstorableJson(value: unknown): { path: string; problem: string } | null {
  const stack: { v: unknown; path: string[]; depth: number }[] = [{ v: value, path: [], depth: 0 }];
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === "string") {
      const problem = unstorableText(v);
      if (problem) return { path: path.join("."), problem };
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    if (depth >= MAX_JSON_DEPTH) return { path: path.join("."), problem: `is nested deeper than ${MAX_JSON_DEPTH} levels` };
    for (const [k, child] of Object.entries(v)) {
      const keyProblem = unstorableText(k);
      if (keyProblem) return { path: path.join("."), problem: `has a key that ${keyProblem}` };
      stack.push({ v: child, path: [...path, k], depth: depth + 1 });
    }
  }
  return null;
}
