// The editor's side of references (`{{ n.path }}`, `{{ vars.KEY }}`, `{{ secrets.KEY }}`):
// finding them in a field's text (chips), and the old -> new number mappings that inserting,
// removing or moving a step implies. Parsing and renumbering themselves are the run engine's
// (lib/workflows/references.ts), so the editor and the engine agree on what a reference is.
import { formatReference as formatAnyReference, parseReference, REFERENCE_PATTERN, type Reference } from "@/lib/workflows/references";

export { rewriteReferences, rewriteStepReferences } from "@/lib/workflows/references";

export type ParsedReference = { start: number; end: number; text: string; ref: Reference | null };

/** Every `{{ … }}` in `text` with its position; `ref` is null when the inside is not a reference. */
export function parseReferences(text: string): ParsedReference[] {
  const out: ParsedReference[] = [];
  for (const m of text.matchAll(new RegExp(REFERENCE_PATTERN.source, "g"))) {
    out.push({ start: m.index, end: m.index + m[0].length, text: m[0], ref: parseReference(m[1]) });
  }
  return out;
}

/** The canonical text of a step reference: `{{ 1.host.id }}`, `{{ 2 }}`, and a key that a plain
 *  segment would misread quoted: `{{ 1["a.b"] }}`, so the data panel inserts what reads it. */
export function formatReference(step: number, path: readonly (string | number)[]): string {
  return formatAnyReference({ type: "step", step, path: path.map(String) });
}

/** A short label for a chip: "1 › host › id", "vars › API_URL". */
export function chipLabel(ref: Reference): string {
  const head = ref.type === "step" ? String(ref.step) : ref.type === "removed" ? "removed step" : `${ref.type}.${ref.key}`;
  return [head, ...ref.path].join(" › ");
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
