// What differs between two preflights of one workflow for one client, in sentences: what the Push
// page shows when a push was refused because the workflow was saved since the preflight the
// technician read (409 workflow_changed) and it has loaded the preflight again. The preflight
// lists what a push needs, not the steps, so this says what changed in those terms: keys and files
// read or no longer read, and the new preflight's notes that the old one did not have (accounts,
// secrets sent somewhere new, sample data…), numbers aside (a note naming the version or a step's
// new position is the same note). Pure and client-safe.
import type { PreflightView } from "@/lib/push/to-preflight-view";

export function preflightChanges(before: PreflightView, after: PreflightView): string[] {
  const out: string[] = [];
  const keyName = (v: { key: string; secret: boolean }) => `${v.secret ? "secret" : "variable"} ${v.key}`;
  const keysBefore = new Set(before.variables.map(keyName));
  const keysAfter = new Set(after.variables.map(keyName));
  for (const k of keysAfter) if (!keysBefore.has(k)) out.push(`It now reads ${k}.`);
  for (const k of keysBefore) if (!keysAfter.has(k)) out.push(`It no longer reads ${k}.`);
  const filesBefore = new Set(before.files.map((f) => f.name));
  const filesAfter = new Set(after.files.map((f) => f.name));
  for (const f of filesAfter) if (!filesBefore.has(f)) out.push(`It now reads file ${f}.`);
  for (const f of filesBefore) if (!filesAfter.has(f)) out.push(`It no longer reads file ${f}.`);
  const shape = (note: string) => note.replace(/\d+/g, "#");
  const seen = new Set(before.notes.map(shape));
  for (const n of after.notes) if (!seen.has(shape(n))) out.push(n);
  return out;
}
