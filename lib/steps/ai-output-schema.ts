// An AI Prompt's "Output JSON schema": a JSON object (a JSON Schema), stored as the object the
// editor's JSON field gives or, from the API, as JSON text. Pure and client-safe: the editor and
// going Live (lib/steps/find-missing-fields.ts) judge it with the code the run itself uses
// (lib/steps/executors/ai-prompt.ts), so a schema no run can use is said before any run.

const EXAMPLE = '{"type":"object","properties":{…}}';

function described(v: unknown): string {
  if (typeof v === "string") return `the text ${JSON.stringify(v.length > 40 ? `${v.slice(0, 39)}…` : v)}`;
  if (Array.isArray(v)) return "a list";
  if (v === null) return "null";
  return `the ${typeof v} ${String(v)}`;
}

/** The schema as an object, undefined when none is set, or `problem`: what is wrong, worded to
 *  follow "the JSON schema " / the field's label. */
export function readOutputSchema(value: unknown): { schema?: Record<string, unknown>; problem?: string } {
  if (value === undefined || value === null || value === "") return {};
  let v = value;
  // JSON text from the API. Text that does not even start like an object or a list is a JSON
  // string typed into the field ("just a string"), not broken JSON: say it is not an object.
  if (typeof v === "string" && /^\s*[[{]/.test(v)) {
    try {
      v = JSON.parse(v);
    } catch (e) {
      return { problem: `is not valid JSON: ${(e as Error).message}` };
    }
  }
  if (v !== null && typeof v === "object" && !Array.isArray(v)) return { schema: v as Record<string, unknown> };
  return { problem: `must be a JSON object (a JSON Schema), e.g. ${EXAMPLE}; it is ${described(v)}` };
}
