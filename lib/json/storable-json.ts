// JSON text that PostgreSQL can store and read back wherever it goes: "\u0000" and unpaired
// surrogates (half an emoji, left by a string cut in UTF-16 units) are refused wherever a JSON
// string becomes text or jsonb, so one such character in a delivery, a step's output, its log or
// its error would fail the whole write. They become U+FFFD, in values and in object keys.
// Used by the intake (a delivery's trigger) and by the run progress writes (lib/runs/write-progress.ts).
import { UNPAIRED_SURROGATE } from "@/lib/api/find-unstorable-json";

/** An escape PostgreSQL refuses, as JSON.stringify writes it: \u0000 or a lone surrogate. */
export const PG_UNSAFE_ESCAPE = /\\u(0000|d[89a-f][0-9a-f]{2})/i;

/** JSON text of `value` (undefined → "null"), with NUL and lone surrogates replaced by U+FFFD. */
export function toStorableJson(value: unknown): string {
  const json = JSON.stringify(value) ?? "null";
  // JSON.stringify writes a lone surrogate and NUL as escapes (paired ones as characters), so the
  // common case is one regex test over the text; only a match pays for the cleaning pass.
  if (!PG_UNSAFE_ESCAPE.test(json)) return json;
  return JSON.stringify(value, (_k, v) => (typeof v === "string" ? clean(v) : v !== null && typeof v === "object" && !Array.isArray(v) ? cleanKeys(v) : v));
}

// What an API body may not hold (find-unstorable-json.ts refuses it there) is replaced here.
const UNSTORABLE = new RegExp("\\u0000|" + UNPAIRED_SURROGATE.source, "g");

function clean(s: string): string {
  return s.replace(UNSTORABLE, "\uFFFD");
}

// fromEntries defines own properties, so a key named "__proto__" stays a plain key.
function cleanKeys(o: object): object {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [clean(k), v]));
}
