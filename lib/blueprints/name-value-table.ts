// A setup field that is a name → value table (a JSON object: replacement cost per device class).
// Names count as the steps read them, trimmed. A record whose key schema trimmed them merged
// `{"laptop ": 1500, "laptop": 1400}` into `{"laptop": 1400}` in silence, one cost lost; here the
// names are kept as sent and a name that repeats another once trimmed, or a blank one, is refused
// at the field (400 invalid_setup). A check, not a transform: the setup form is generated from
// the schema's input JSON Schema, which leaves out the default of a transformed field. Whoever
// reads the table takes its names through trimmedNames().
import { z } from "@/lib/z";

export function nameValueTable<V extends z.ZodType>(value: V, what: string) {
  return z.record(z.string(), value).superRefine((table, ctx) => {
    const seen = new Map<string, string>();
    const names = Object.keys(table);
    // "Row" is the setup form's word for an entry: it shows the table as rows.
    if (names.some((name) => name.trim() === "")) ctx.addIssue({ code: "custom", path: [], message: "needs a name in every row" });
    for (const name of names) {
      const trimmed = name.trim();
      if (trimmed === "") continue;
      if (seen.has(trimmed)) {
        const first = JSON.stringify(seen.get(trimmed));
        ctx.addIssue({ code: "custom", path: [name], message: `is already listed as ${first} (names match without surrounding spaces): list each ${what} once` });
      } else seen.set(trimmed, name);
    }
  });
}

/** The table with its names trimmed (nameValueTable has refused names that would then repeat). */
export const trimmedNames = <V>(table: Record<string, V>): Record<string, V> => Object.fromEntries(Object.entries(table).map(([name, v]) => [name.trim(), v]));
