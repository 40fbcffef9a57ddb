// Hints under a template field for what the server accepts but will likely surprise: `{{ … }}`
// that is not a reference (kept as literal text — other template languages use braces too, so
// it is not an error), an opening `{{` never closed, and variables, secrets or files the
// workspace does not have (the step fails naming the key until they are added). Step
// references are checked on save (lib/workflows/references.ts). Pure and client-safe.
import { parseReference, REFERENCE_PATTERN } from "@/lib/workflows/references";

export type KnownKeys = { vars: ReadonlySet<string>; secrets: ReadonlySet<string>; files: ReadonlySet<string> };

const MAX_HINTS = 3;

export function templateHints(text: string, known: KnownKeys | null): string[] {
  const hints: string[] = [];
  let end = 0; // where the last complete `{{ … }}` ends
  for (const m of text.matchAll(REFERENCE_PATTERN)) {
    end = (m.index ?? 0) + m[0].length;
    const ref = parseReference(m[1]);
    if (!ref) hints.push(`${m[0]} is not a reference, so it is sent as written (references look like {{ 1.field }}, {{ vars.KEY }}, {{ secrets.KEY }}, {{ files.NAME }})`);
    else if (known && ref.type === "vars" && !known.vars.has(ref.key)) {
      hints.push(known.secrets.has(ref.key) ? `${ref.key} is a secret: write {{ secrets.${ref.key} }}` : `there is no variable ${ref.key} in this workspace yet; the step fails until it is added`);
    } else if (known && ref.type === "secrets" && !known.secrets.has(ref.key)) {
      hints.push(known.vars.has(ref.key) ? `${ref.key} is a variable, not a secret: write {{ vars.${ref.key} }}` : `there is no secret ${ref.key} in this workspace yet; the step fails until it is added`);
    } else if (known && ref.type === "files" && !known.files.has(ref.key)) {
      hints.push(`there is no file ${ref.key} in this workspace yet; the step fails until it is uploaded`);
    }
  }
  // An opening pair after the last complete reference, never closed.
  const tail = text.slice(end);
  if (tail.includes("{{") && !tail.slice(tail.indexOf("{{")).includes("}}")) hints.push("an opening {{ has no closing }}, so it is sent as written");
  return [...new Set(hints)].slice(0, MAX_HINTS);
}
