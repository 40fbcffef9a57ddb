// References in the spec's form `{{ <step_number>.<field_path> }}`. Step numbers are positions,
// so inserting, removing or moving a step renumbers every later step; these helpers rewrite the
// references inside configs so each keeps pointing at the same step. Pure and client-safe.
// (The run engine resolves references with its own parser in lib/workflows/; the syntax is the
// spec's, so both agree on what a reference is.)

/** Matches `{{ 3 }}`, `{{ 3.host.id }}`, `{{3.items.0.name}}`. Group 1: number, group 2: path. */
export const REFERENCE_PATTERN = /\{\{\s*(\d+)((?:\.[^\s{}]+)?)\s*\}\}/g;

/** What a reference to a deleted step becomes: visibly broken, never silently another step. */
export const DELETED_PREFIX = "deleted_step_";

export type ParsedReference = { start: number; end: number; step: number; path: string; text: string };

export function parseReferences(text: string): ParsedReference[] {
  const out: ParsedReference[] = [];
  for (const m of text.matchAll(REFERENCE_PATTERN)) {
    out.push({ start: m.index, end: m.index + m[0].length, step: Number(m[1]), path: m[2].slice(1), text: m[0] });
  }
  return out;
}

/** The canonical text of a reference: `{{ 1.host.id }}`. */
export function formatReference(step: number, path: readonly (string | number)[] | string): string {
  const p = typeof path === "string" ? path : path.map(String).join(".");
  return `{{ ${step}${p ? `.${p}` : ""} }}`;
}

/** old step number -> new step number, or null when the step was removed. Unlisted numbers stay. */
export type NumberMapping = ReadonlyMap<number, number | null>;

/** Rewrites every reference in any string inside `value` (deeply); returns the same object when nothing changed. */
export function rewriteReferences<T>(value: T, mapping: NumberMapping): T {
  if (mapping.size === 0) return value;
  return rewrite(value, mapping) as T;
}

function rewrite(value: unknown, mapping: NumberMapping): unknown {
  if (typeof value === "string") {
    return value.replace(REFERENCE_PATTERN, (whole, n: string, path: string) => {
      if (!mapping.has(Number(n))) return whole;
      const to = mapping.get(Number(n));
      return to === null ? `{{ ${DELETED_PREFIX}${n}${path} }}` : `{{ ${to}${path} }}`;
    });
  }
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((v) => {
      const r = rewrite(v, mapping);
      if (r !== v) changed = true;
      return r;
    });
    return changed ? next : value;
  }
  if (value && typeof value === "object") {
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const r = rewrite(v, mapping);
      if (r !== v) changed = true;
      next[k] = r;
    }
    return changed ? next : value;
  }
  return value;
}

/** Mapping for a step inserted at 0-based `index` into a list of `count` steps. */
export function mappingForInsert(count: number, index: number): Map<number, number | null> {
  const m = new Map<number, number | null>();
  for (let n = index + 1; n <= count; n++) m.set(n, n + 1);
  return m;
}

/** Mapping for removing the step at 0-based `index` from a list of `count` steps. */
export function mappingForRemove(count: number, index: number): Map<number, number | null> {
  const m = new Map<number, number | null>([[index + 1, null]]);
  for (let n = index + 2; n <= count; n++) m.set(n, n - 1);
  return m;
}

/** Mapping for moving the step at 0-based `from` to 0-based `to`. */
export function mappingForMove(count: number, from: number, to: number): Map<number, number | null> {
  const order = Array.from({ length: count }, (_, i) => i);
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved);
  const m = new Map<number, number | null>();
  order.forEach((oldIndex, newIndex) => {
    if (oldIndex !== newIndex) m.set(oldIndex + 1, newIndex + 1);
  });
  return m;
}

/** Step numbers referenced anywhere inside `value`. */
export function referencedSteps(value: unknown, into = new Set<number>()): Set<number> {
  if (typeof value === "string") for (const r of parseReferences(value)) into.add(r.step);
  else if (Array.isArray(value)) for (const v of value) referencedSteps(v, into);
  else if (value && typeof value === "object") for (const v of Object.values(value)) referencedSteps(v, into);
  return into;
}
