// A step's config is parsed with its catalog schema, which drops the keys it does not know (so a
// stored workflow carrying internal or older keys still loads and runs). A save must not lose a
// misspelt setting in silence, though ("metod" saved as the default GET): this names the first
// key of a sent config that the parse dropped, at any depth ("body.jsn", "headers.0.vaule").
// Pure and schema-driven, so every kind — and every kind added later — is covered.
import { isJsonObject } from "@/lib/json/is-json-object";
import { STEP_CATALOG, type StepKind } from "@/lib/steps/catalog";

// `stored` walks along: a key the stored step already has is what a read returned, and sending a
// read back is a normal save.
function droppedKey(sent: unknown, parsed: unknown, stored: unknown, path: string[]): string[] | null {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    for (let i = 0; i < sent.length; i++) {
      const hit = droppedKey(sent[i], parsed[i], Array.isArray(stored) ? stored[i] : undefined, [...path, String(i)]);
      if (hit) return hit;
    }
    return null;
  }
  if (!isJsonObject(sent) || !isJsonObject(parsed)) return null;
  for (const [key, value] of Object.entries(sent)) {
    const before = isJsonObject(stored) ? stored[key] : undefined;
    if (!Object.hasOwn(parsed, key)) {
      if (isJsonObject(stored) && Object.hasOwn(stored, key)) continue;
      return [...path, key];
    }
    const hit = droppedKey(value, parsed[key], before, [...path, key]);
    if (hit) return hit;
  }
  return null;
}

export type FindUnknownConfigFieldOptions = {
  kind: StepKind;
  /** As sent, less what the save itself consumes (the webhook secret's read echo). */
  config: Record<string, unknown>;
  /** The same step's config as stored, when it exists. */
  stored?: Record<string, unknown>;
};

/** The dotted path of the first unknown field, or null — also for a config that does not parse
 *  (its own error is reported by the save). */
export function findUnknownConfigField({ kind, config, stored }: FindUnknownConfigFieldOptions): string | null {
  const parsed = STEP_CATALOG[kind].config.safeParse(config);
  if (!parsed.success) return null;
  return droppedKey(config, parsed.data, stored, [])?.join(".") ?? null;
}
