// Whether a Data Transformation field or Summarize computed column is an expression at all: `1 +`
// or `$count(` was saved, went Live, and failed every run. Parsed as the run engine parses it
// (compileTemplate, then JSONata), so what passes here is what a run can evaluate; the values it
// meets are the run's business. Pure and client-safe: the editor marks the field as you type,
// and going Live refuses it (lib/steps/find-missing-fields.ts).
import jsonata from "jsonata";
import { compileTemplate } from "@/lib/steps/compile-template";

/** Why the expression does not parse, in words, or null when it does. */
export function expressionSyntaxError(expression: string): string | null {
  const { source, refs } = compileTemplate(expression);
  try {
    jsonata(source);
    return null;
  } catch (e) {
    const err = e as { code?: string; position?: number; message?: string };
    // JSONata counts in the text with references as $r0 …: a position is the user's own only
    // when there were none to replace.
    const where = refs.length === 0 && typeof err.position === "number" ? ` (at character ${err.position})` : "";
    return `is not a valid expression: ${err.message ?? String(e)}${err.code ? ` [${err.code}]` : ""}${where}`;
  }
}
