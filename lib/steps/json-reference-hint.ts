// JSON text (an HTTP JSON body) with a reference typed bare — {"a": {{ 1.severity }} } — is not
// JSON, and the parser says only "Expected property name or '}' … position 7". What the user
// meant is a string that is exactly the reference, which a run replaces with the value, its type
// kept (lib/workflows/references.ts). Pure and client-safe: the editor's JSON field adds it to
// its parse error.
import { locateJsonError } from "@/lib/steps/locate-json-error";

/** How to fix JSON text whose first error is a bare `{{ … }}`, or null when that is not the error. */
export function unquotedReferenceHint(text: string): string | null {
  const at = locateJsonError(text);
  if (!at) return null;
  // The parser stops at the first "{" of "{{" where a value is expected, at the second where "{"
  // opened an object.
  const start = text.startsWith("{{", at.position) ? at.position : text.startsWith("{{", at.position - 1) ? at.position - 1 : -1;
  if (start < 0) return null;
  const end = text.indexOf("}}", start);
  const ref = end < 0 || end - start > 80 ? "{{ … }}" : text.slice(start, end + 2);
  return `put the reference in quotes ("${ref}"): a text that is exactly one reference takes its value with its type (a number stays a number)`;
}
