// Which field of the Configure form a config path falls in, and the words that name it: a
// problem found at `fields.0.expression` (a reference to a later step, a schema issue) is said
// as "Field 1 expression" in the header and the step panel — 1-based, from the form's labels, as
// "Field 1 expression is required" already names it — and shown under that field. A path that
// goes on inside a field (a key of a JSON body) ends at the field. Pure and client-safe.
import { describeSchema, singularOf, type FieldSpec } from "@/lib/editor/form-model";
import { STEP_CATALOG, type StepKind } from "@/lib/steps/catalog";
import { neededFieldLabel } from "@/lib/steps/find-missing-fields";

export type FormField = {
  /** The form field's own path (list items by index): the key its note is shown under. */
  path: (string | number)[];
  /** Its name in a message: "Timeout (ms)", "Header 2 value", "Branch 1 rule 1 value to compare with". */
  label: string;
};

const specs = new Map<StepKind, FieldSpec>();
const specOf = (kind: StepKind) => {
  let spec = specs.get(kind);
  if (!spec) specs.set(kind, (spec = describeSchema(STEP_CATALOG[kind].config, kind)));
  return spec;
};

// Within the sentence a label is lower case, but for a word that is all capitals ("JSON body").
const inSentence = (word: string) => (/^\p{Lu}\p{Ll}/u.test(word) ? word[0].toLowerCase() + word.slice(1) : word);

/** The form field at (or containing) `path` of a `kind` step's config; an empty path when none is. */
export function formField(kind: StepKind, path: readonly PropertyKey[]): FormField {
  let spec = specOf(kind);
  const at: (string | number)[] = [];
  const words: string[] = [];
  for (const segment of path) {
    if (spec.type === "array") {
      const i = Number(segment);
      if (!Number.isInteger(i) || i < 0) break;
      // The list "Headers" heads its items "Header 1", "Header 2".
      words.push(`${singularOf(words.pop() ?? "")} ${i + 1}`.trim());
      at.push(i);
      spec = spec.item;
      continue;
    }
    // A one-of group (an HTTP body's type, a Wait's mode) shows its chosen option's fields under
    // their own labels ("JSON body"), not under the group's.
    const union = spec.type === "union";
    const fields = spec.type === "object" ? spec.fields : spec.type === "union" ? spec.options.flatMap((o) => o.spec.fields) : [];
    const field = fields.find((f) => f.key === String(segment));
    if (!field) break;
    if (union) words.pop();
    words.push(field.label);
    at.push(field.key);
    spec = field.spec;
  }
  // A config the form does not describe (the Scheduler's: its own panel) may still name its field.
  const key = String(path[0] ?? "");
  const own = at.length === 0 && path.length > 0 ? neededFieldLabel(kind, [key]) : null;
  if (own) return { path: [key], label: own };
  const label = neededFieldLabel(kind, at) ?? words.map((w, i) => (i === 0 ? w : inSentence(w))).join(" ");
  return { path: at, label };
}
