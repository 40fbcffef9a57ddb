// What the blueprint setup form says about a field it cannot install with. The API names a
// field by its path (`setup.domain: is required`, docs/blueprints.md); a technician knows it by
// its label, so each message leads with the label ("E-mail domain is required"). The checks
// that the setup's JSON Schema states (required, empty, number range, length) run before
// sending, so every such field is named at once rather than the first the API reports; what
// only the API knows (a format, a rule across fields) arrives as its 400 and is worded the same.
// Pure: no React.
import { plural } from "@/lib/plural";
import type { JsonSchema } from "./schema-field";
import { isTable, noValue, rowsOf } from "./table-rows";

/** The id of the element a field path is shown in (its input, or its group). */
export const fieldId = (path: string) => `f-${path.replace(/[^A-Za-z0-9_-]/g, "-")}`;

/** The label a technician reads for a setup path: the field's title, with the groups it sits
 *  in when it is nested ("Department (Per department 2)"). A table's row is named from the
 *  setup's value: "laptop (Replacement cost per device class)" for its value, "Name in row 2 (…)"
 *  for its name. */
export function setupLabel(schema: JsonSchema, path: string, setup?: unknown): string {
  const names: string[] = [];
  let at: JsonSchema | undefined = schema;
  let value = setup;
  const parts = path.split(".").slice(1);
  for (const [n, part] of parts.entries()) {
    const prop: JsonSchema | undefined = at?.properties?.[part];
    const rowPart = parts[n + 1];
    if (prop) {
      at = prop;
      names.push(prop.title ?? part);
    } else if (at?.type === "array" && /^\d+$/.test(part)) {
      at = at.items;
      names.push(`${names.pop() ?? "Item"} ${Number(part) + 1}`); // as its Remove button names it
    } else if (isTable(at) && /^\d+$/.test(part) && n + 2 === parts.length && (rowPart === "name" || rowPart === "value")) {
      const row = Number(part) + 1;
      names.push(rowPart === "name" ? `Name in row ${row}` : rowsOf(value)[row - 1]?.name.trim() || `Value in row ${row}`);
      break;
    } else {
      at = at && typeof at.additionalProperties === "object" ? at.additionalProperties : undefined;
      names.push(part || "(no name)");
    }
    value = Array.isArray(value) ? value[Number(part)] : value && typeof value === "object" ? (value as Record<string, unknown>)[part] : undefined;
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

function range(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `must be between ${min} and ${max}`;
  return min !== undefined ? `must be at least ${min}` : `must be at most ${max}`;
}

/** What the schema itself says is wrong with a value, as path → message (API wording, without
 *  the label). Nested groups, repeated groups and name → value tables (row by row: a name left
 *  empty beside a value, or repeating an earlier row's) are checked too. */
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
  } else if (isTable(schema) && typeof value === "object") {
    // Each row by its place: two rows may share a name, which is what is wrong with the later one.
    const first = new Map<string, number>();
    rowsOf(value).forEach(({ name, value: v }, i) => {
      const trimmed = name.trim();
      if (trimmed === "") {
        if (!noValue(v)) out[`${path}.${i}.name`] = "is required for a row with a value";
        return; // an empty row is left out of what is sent
      }
      if (first.has(trimmed)) out[`${path}.${i}.name`] = `is already listed in row ${first.get(trimmed)! + 1}`;
      else first.set(trimmed, i);
      Object.assign(out, checkSetup(schema.additionalProperties, v, `${path}.${i}.value`, true));
    });
  } else if (schema.type === "object" && typeof value === "object") {
    const record = value as Record<string, unknown>;
    for (const [key, s] of Object.entries(schema.properties ?? {})) Object.assign(out, checkSetup(s, record[key], `${path}.${key}`, schema.required?.includes(key)));
  }
  return out;
}
