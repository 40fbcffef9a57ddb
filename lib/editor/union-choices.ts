// A one-of field (an HTTP step's Body: none / json / form / raw; a Wait's mode) keeps what was
// filled in under each choice while the step panel is open: switching Body json → raw → json
// brings the JSON body back instead of an empty one (the form replaces the value with the new
// choice's empty one on each switch). Works on the form model's spec, so every one-of field of
// every step kind gets it. Pure, unit-tested; the panel holds the memory.
import type { FieldSpec } from "@/lib/editor/form-model";

type Path = readonly (string | number)[];
/** What was under each choice left, by `<path>#<choice>`. */
export type ChoiceMemory = Map<string, unknown>;

const child = (v: unknown, key: string | number): unknown => (v && typeof v === "object" ? (v as Record<string | number, unknown>)[key] : undefined);
const valueAt = (v: unknown, path: Path): unknown => path.reduce<unknown>(child, v);

function setAt(v: unknown, path: Path, x: unknown): unknown {
  if (!path.length) return x;
  const [key, ...rest] = path;
  if (Array.isArray(v) && typeof key === "number") return v.map((item, i) => (i === key ? setAt(item, rest, x) : item));
  return { ...(v as Record<string, unknown>), [key]: setAt(child(v, key), rest, x) };
}

/** The spec of the field at `path` of `value` (a union's fields sit at its own level). */
export function specAt(spec: FieldSpec, value: unknown, path: Path): FieldSpec | undefined {
  let s: FieldSpec = spec;
  let v = value;
  for (const key of path) {
    while (s.type === "union") {
      const u: Extract<FieldSpec, { type: "union" }> = s;
      s = (u.options.find((o) => o.value === child(v, u.discriminator)) ?? u.options[0]).spec;
    }
    if (s.type === "object" && typeof key === "string") {
      const field = s.fields.find((f) => f.key === key);
      if (!field) return undefined;
      s = field.spec;
    } else if (s.type === "array" && typeof key === "number") s = s.item;
    else return undefined;
    v = child(v, key);
  }
  return s;
}

/**
 * `after` is the config with the edit at `leaf` made. When that edit switched a one-of field's
 * choice, what it held before is remembered, and what the new choice held earlier comes back.
 */
export function keepSwitchedChoice<T>(spec: FieldSpec, before: unknown, after: T, leaf: Path, memory: ChoiceMemory): T {
  const at = specAt(spec, after, leaf);
  if (at?.type !== "union") return after;
  const was = valueAt(before, leaf);
  const from = child(was, at.discriminator);
  const to = child(valueAt(after, leaf), at.discriminator);
  if (from === to) return after;
  const base = leaf.join(".");
  if (was !== undefined) memory.set(`${base}#${String(from)}`, was);
  const kept = memory.get(`${base}#${String(to)}`);
  return kept === undefined ? after : (setAt(after, leaf, kept) as T);
}
