// A JSON value cut down to what the editor's Workflow data tree draws (lib/editor/data-tree.ts):
// the first few items of each array, the first fields of a very wide object, the start of each
// long string, nesting down to the depth the tree opens — each cut said in `cuts`, with the whole
// count, so the tree says "first 3 of 5,000 items" and gives every field path the first items
// have. GET /api/v1/runs/{id}/steps/{stepId}?preview=true answers with it: the panel read a 4 MB
// output whole to draw a few sample items. The marks sit beside the value, not in it: a sender's
// own data may hold any key. Numbers kept exact (JSON.rawJSON, a 64-bit id) pass through as
// they are. Pure and client-safe.
import { exactNumberText } from "@/lib/json/parse-exact-json";

/** `items` of an array, `fields` of an object, `chars` of a string; `depth`: a container this
 *  deep (the value itself is 0) is left empty, its size said. As the tree shows: 3 items, 8 deep,
 *  and a sample of 48 characters (200 kept, so it still ends in "…"). */
export const PREVIEW_LIMITS = { items: 3, fields: 100, chars: 200, depth: 8 } as const;
export type PreviewLimits = { items: number; fields: number; chars: number; depth: number };

/** One place the preview left something out: `items` (an array's whole length), `fields` (an
 *  object's whole key count) or `chars` (a string's whole length, in UTF-16 units as JavaScript
 *  counts them). `path` as references write it: keys and array indexes from the value's root. */
export type PreviewCut = { path: (string | number)[]; items?: number; fields?: number; chars?: number };

export type JsonPreview = { value: unknown; cuts: PreviewCut[] };

export function previewJson(value: unknown, limits: PreviewLimits = PREVIEW_LIMITS): JsonPreview {
  const cuts: PreviewCut[] = [];
  const walk = (v: unknown, path: (string | number)[]): unknown => {
    if (typeof v === "string") {
      if (v.length <= limits.chars) return v;
      cuts.push({ path, chars: v.length });
      return v.slice(0, limits.chars);
    }
    if (v === null || typeof v !== "object" || exactNumberText(v) !== null) return v;
    const deep = path.length >= limits.depth;
    if (Array.isArray(v)) {
      const keep = deep ? 0 : Math.min(v.length, limits.items);
      if (keep < v.length) cuts.push({ path, items: v.length });
      return v.slice(0, keep).map((x, i) => walk(x, [...path, i]));
    }
    const entries = Object.entries(v);
    const keep = deep ? 0 : Math.min(entries.length, limits.fields);
    if (keep < entries.length) cuts.push({ path, fields: entries.length });
    // A null-prototype object: a key "__proto__" stays a key, as JSON.parse made it.
    const out: Record<string, unknown> = Object.create(null);
    for (const [k, x] of entries.slice(0, keep)) out[k] = walk(x, [...path, k]);
    return out;
  };
  return { value: walk(value, []), cuts };
}

/** A path as one string, for looking cuts up (keys may hold dots: JSON, not a join). */
export const cutKey = (path: readonly (string | number)[]): string => JSON.stringify(path.map(String));
