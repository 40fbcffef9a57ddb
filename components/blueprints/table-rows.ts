// A name → value table of a blueprint's setup (a JSON object, e.g. replacement cost per device
// class) as the setup form holds it: an ordered list of rows. Kept as an object, two rows with
// the same name were one: "Add row" twice gave one empty row, and typing "laptop-pro" beside
// "laptop" merged the rows as it passed through "laptop". As rows, names may be empty or repeat
// while typing; the form names such a row before sending (setup-errors.ts) and sends the object
// the API takes (setupToSend). Names compare as the API compares them: trimmed. Pure: no React.
import type { JsonSchema } from "./schema-field";

export type Row = { name: string; value: unknown };

export const isTable = (schema: JsonSchema | undefined): schema is JsonSchema & { additionalProperties: JsonSchema } =>
  schema?.type === "object" && !schema.properties && typeof schema.additionalProperties === "object";

/** The rows of a table value: the form's own list, or an object as defaults and examples give it. */
export function rowsOf(value: unknown): Row[] {
  if (Array.isArray(value)) return value as Row[];
  return value && typeof value === "object" ? Object.entries(value).map(([name, v]) => ({ name, value: v })) : [];
}

/** A row's value left empty ("Add row" starts it so). */
export const noValue = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** The setup as the API takes it: each table an object of its named rows, names trimmed; a row
 *  with neither name nor value is left out. */
export function setupToSend(schema: JsonSchema, value: unknown): unknown {
  if (value === undefined || value === null) return value;
  if (isTable(schema)) return Object.fromEntries(rowsOf(value).flatMap((r) => (r.name.trim() === "" ? [] : [[r.name.trim(), r.value]])));
  if (schema.type === "array" && schema.items && Array.isArray(value)) return value.map((v) => setupToSend(schema.items!, v));
  if (schema.properties && typeof value === "object" && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, schema.properties![k] ? setupToSend(schema.properties![k], v) : v]));
  }
  return value;
}
