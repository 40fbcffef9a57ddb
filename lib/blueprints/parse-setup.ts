// Checks a blueprint's setup form, answering 400 invalid_setup with every field to fix at once:
// `field` (the first) and `issues[]` with `path`, as every other 400 body names its fields (and
// `field` there too, which the setup form read before `path` was added). Besides the setup
// schema, two rules the schema cannot say:
// - a value stored as a workspace variable is held to the variables API's limit (the PUT's own
//   value schema): the install otherwise stored 3,000,000 characters the Variables page could
//   never save back;
// - a name → value table's "__proto__" row: zod leaves that key out of a record's output without
//   an issue, so {"__proto__": 5, "laptop": 1} installed laptop alone. It is refused at its row
//   (a device class never has that name) rather than dropped.
import { z } from "@/lib/z";
import { AppError } from "@/lib/api/errors";
import type { Blueprint } from "@/lib/blueprints/blueprint";
import { putVariableSchema } from "@/lib/variables/variable-schema";

export type SetupIssue = { path: string; field: string; message: string };

const valueAt = (root: unknown, path: PropertyKey[]) => path.reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[k] : undefined), root);
const name = (path: PropertyKey[]) => ["setup", ...path.map(String)].join(".");
const issue = (path: PropertyKey[], message: string): SetupIssue => ({ path: name(path), field: name(path), message });

/** Every own "__proto__" key in the setup as sent (JSON.parse keeps it as data), at any depth. */
function protoKeys(value: unknown, path: PropertyKey[] = []): PropertyKey[][] {
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => [...(k === "__proto__" ? [[...path, k]] : []), ...protoKeys(v, [...path, k])]);
}

const variableValue = putVariableSchema.shape.value;

export function parseSetup(blueprint: Pick<Blueprint, "setup" | "variables">, setup: unknown): Record<string, unknown> {
  const r = blueprint.setup.safeParse(setup);
  // "expected string, received undefined" says less to a technician than "is required".
  const message = (i: z.core.$ZodIssue) => (i.code === "invalid_type" && valueAt(setup, i.path) === undefined ? "is required" : i.message);
  // The setup schemas are strict, like the workflows API: a misspelt field would otherwise be
  // dropped and its default installed in silence. Each unknown key is named as its own field.
  const issues: SetupIssue[] = r.success
    ? []
    : r.error.issues.flatMap((i) => (i.code === "unrecognized_keys" ? i.keys.map((k) => issue([...i.path, k], "is not a field of this blueprint's setup")) : [issue(i.path, message(i))]));
  const named = new Set(issues.map((i) => i.path));
  const add = (extra: SetupIssue) => {
    if (named.has(extra.path)) return;
    issues.push(extra);
    named.add(extra.path);
  };
  // A strict object already names its "__proto__" key as unknown (above); a table does not.
  for (const path of protoKeys(setup)) add(issue(path, 'cannot be a name here ("__proto__" is reserved): use another name'));
  for (const v of blueprint.variables) {
    const raw = valueAt(setup, [v.setupField]);
    if (typeof raw !== "string") continue;
    const checked = variableValue.safeParse(raw.trim());
    if (!checked.success) add(issue([v.setupField], `${checked.error.issues[0].message} (it is stored as the workspace variable ${v.key})`));
  }
  if (issues.length === 0 && r.success) return r.data as Record<string, unknown>;
  throw new AppError(400, "invalid_setup", `${issues[0].path}: ${issues[0].message}`, { field: issues[0].path, issues });
}
