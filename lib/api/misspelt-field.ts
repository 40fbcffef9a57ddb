// A required field that is missing because the caller misspelt it ("vaule" for "value", "tokne"
// for "token") fails as "is required", and a schema that drops unknown keys never mentions the
// misspelt one — so the 400 named a field the caller believes they sent. This finds the key sent
// beside the missing one that looks like it (a slip of one or two letters, or another case) so
// the message can name both: `headers.0.value: is required (headers.0.vaule is not a field: did
// you mean value?)`. Pure and client-safe; every place that turns zod issues into a 400 uses it.
import type { z } from "@/lib/z";

type Path = readonly PropertyKey[];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function at(input: unknown, path: Path): unknown {
  let v = input;
  for (const k of path) {
    if (Array.isArray(v) && typeof k === "number") v = v[k];
    else if (isObject(v) && typeof k === "string") v = v[k];
    else return undefined;
  }
  return v;
}

// Optimal string alignment distance: an adjacent transposition ("vaule") counts as one slip.
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

const looksLike = (sent: string, wanted: string) =>
  sent !== wanted && (sent.toLowerCase() === wanted.toLowerCase() || distance(sent.toLowerCase(), wanted.toLowerCase()) <= (wanted.length <= 4 ? 1 : 2));

/** For an issue saying a field is required, the path (in `input`'s frame) of the key sent beside
 *  it that looks like a misspelling of it; null when there is none. */
export function findMisspeltKey(issue: z.core.$ZodIssue, input: unknown): PropertyKey[] | null {
  const wanted = issue.path.at(-1);
  if (issue.code !== "invalid_type" || typeof wanted !== "string") return null;
  const parentPath = issue.path.slice(0, -1);
  const parent = at(input, parentPath);
  if (!isObject(parent) || parent[wanted] !== undefined) return null;
  const sent = Object.keys(parent).find((k) => looksLike(k, wanted));
  return sent === undefined ? null : [...parentPath, sent];
}

/** "headers.0.vaule is not a field: did you mean value?" for an issue about a misspelt required
 *  field, else "". `prefix`: what the caller's message puts before paths in `input` ("credentials"). */
export function misspeltFieldText(issue: z.core.$ZodIssue, input: unknown, prefix: readonly string[] = []): string {
  const key = findMisspeltKey(issue, input);
  return key ? `${[...prefix, ...key.map(String)].join(".")} is not a field: did you mean ${String(issue.path.at(-1))}?` : "";
}

/** The same in parentheses, to follow "is required"; "" when there is nothing to say. */
export function misspeltFieldNote(issue: z.core.$ZodIssue, input: unknown, prefix: readonly string[] = []): string {
  const text = misspeltFieldText(issue, input, prefix);
  return text ? ` (${text})` : "";
}

/** The same error with each such issue's message carrying its note, for routes that report the
 *  ZodError as is (describeZodError, the `issues` list). Paths are the error's own. */
export function withMisspeltFields<E extends z.ZodError>(error: E, input: unknown): E {
  // zod types issues as read-only, but they are plain objects made for this parse alone.
  for (const issue of error.issues) (issue as { message: string }).message += misspeltFieldNote(issue, input);
  return error;
}
