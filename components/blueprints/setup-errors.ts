// What the blueprint setup form says about a field it cannot install with. The API names a
// field by its path (`setup.domain: is required`, docs/blueprints.md); a technician knows it by
// its label, so each message leads with the label ("E-mail domain is required"). The checks
// that the setup's JSON Schema states (required, empty, number range, length) run before
// sending, so every such field is named at once rather than the first the API reports; what
// only the API knows (a format, a rule across fields) arrives as its 400 and is worded the same.
// Pure: no React.
import { plural } from "@/lib/plural";
import type { JsonSchema } from "./schema-field";

/** The id of the element a field path is shown in (its input, or its group). */
export const fieldId = (path: string) => `f-${path.replace(/[^A-Za-z0-9_-]/g, "-")}`;

/** The label a technician reads for a setup path: the field's title, with the groups it sits
 *  in when it is nested ("Department (Per department 2)"). */
export function setupLabel(schema: JsonSchema, path: string): string {
  const names: string[] = [];
  let at: JsonSchema | undefined = schema;
  for (const part of path.split(".").slice(1)) {
    const prop: JsonSchema | undefined = at?.properties?.[part];
    if (prop) {
      at = prop;
      names.push(prop.title ?? part);
    } else if (at?.type === "array" && /^\d+$/.test(part)) {
      at = at.items;
      names.push(`${names.pop() ?? "Item"} ${Number(part) + 1}`); // as its Remove button names it
    } else {
      at = at && typeof at.additionalProperties === "object" ? at.additionalProperties : undefined;
      names.push(part || "(no name)");
    }
  }
  const leaf = names.pop();
  if (leaf === undefined) return "Client setup";
  return names.length ? `${leaf} (${names.join(", ")})` : leaf;
}

// The API's own messages are predicates ("is required", "must be a domain such as …"): they
// follow the label as a sentence; anything else (zod's "Invalid input: …") follows a colon.
const PREDICATE = /^(is|are|must|needs?|has|have|cannot|can't|should|contains?)\b/;

/** "E-mail domain is required" from the label and the API's message for the field. */
export function inWords(label: string, message: string): string {
  return PREDICATE.test(message) ? `${label} ${message}` : `${label}: ${message}`;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

function range(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `must be between ${min} and ${max}`;
  return min !== undefined ? `must be at least ${min}` : `must be at most ${max}`;
}

/** What the schema itself says is wrong with a value, as path → message (API wording, without
 *  the label). Nested groups, repeated groups and name → value tables are checked too. */
export function checkSetup(schema: JsonSchema, value: unknown, path = "setup", required = false): Record<string, string> {
  const out: Record<string, string> = {};
  if (value === undefined || value === null) {
    if (required) out[path] = "is required";
    return out;
  }
  if (schema.enum) return out; // a select: it only offers the schema's values
  if (schema.type === "string" && typeof value === "string") {
    const min = schema.minLength ?? 0;
    const max = schema.maxLength;
    if (value.trim() === "" && (required || min > 0)) out[path] = required ? "is required" : "cannot be empty";
    else if (max !== undefined && value.trim().length > max) out[path] = `must be at most ${plural(max, "character")}`;
  } else if ((schema.type === "number" || schema.type === "integer") && typeof value === "number") {
    if (schema.type === "integer" && !Number.isInteger(value)) out[path] = "must be a whole number";
    else if ((schema.minimum !== undefined && value < schema.minimum) || (schema.maximum !== undefined && value > schema.maximum)) out[path] = range(schema.minimum, schema.maximum);
  } else if (schema.type === "array" && Array.isArray(value)) {
    const min = schema.minItems ?? 0;
    if (value.length < min) out[path] = required && value.length === 0 ? "is required" : `needs at least ${plural(min, "entry", "entries")}`;
    if (schema.items?.type === "object") value.forEach((item, i) => Object.assign(out, checkSetup(schema.items!, item, `${path}.${i}`)));
  } else if (schema.type === "object" && typeof value === "object") {
    const record = value as Record<string, unknown>;
    for (const [key, s] of Object.entries(schema.properties ?? {})) Object.assign(out, checkSetup(s, record[key], `${path}.${key}`, schema.required?.includes(key)));
    if (typeof schema.additionalProperties === "object") {
      const cell = schema.additionalProperties;
      if (Object.keys(record).some((k) => blank(k))) out[path] = "needs a name in every row";
      for (const [key, v] of Object.entries(record)) if (!blank(key)) Object.assign(out, checkSetup(cell, v, `${path}.${key}`, true));
    }
  }
  return out;
}
