// Turns a step's zod config schema (lib/steps/catalog.ts) into a description of the Configure
// form: one field per key, typed, with labels and defaults. Hints that a schema cannot carry
// (this string holds references, that one is JavaScript) come from FIELD_HINTS by path.
// Pure and client-safe; the React renderer is components/editor/configure/schema-form.tsx.
import type { z } from "@/lib/z";
import { defaultConfig } from "@/lib/editor/default-config";
import type { StepKind } from "@/lib/steps/catalog";
import { isAlwaysNeeded } from "@/lib/steps/find-missing-fields";

export type Hint = "template" | "multiline" | "javascript" | "json" | "target" | "connection" | "hidden";

export type FieldSpec =
  | { type: "text"; hint?: Hint; nullable?: boolean }
  /** `above`: the minimum itself is not valid (z.number().positive() is above 0). `nullable`: a
   *  number the step needs, null while the field is empty (a Draft saves it so). */
  | { type: "number"; min?: number; max?: number; above?: true; int?: true; nullable?: true }
  | { type: "boolean" }
  | { type: "enum"; options: string[] }
  | { type: "json" }
  /** `initial`: what a new step of this kind has here (a union option: the Wait's 120 seconds). */
  | { type: "object"; fields: ObjectField[]; initial?: Record<string, unknown> }
  | { type: "array"; item: FieldSpec; min?: number }
  | { type: "union"; discriminator: string; options: { value: string; spec: Extract<FieldSpec, { type: "object" }> }[] };

/** `required`: the schema needs it, or the step cannot run without it (a Draft saves it empty); the form labels the others "(optional)". */
export type ObjectField = { key: string; label: string; spec: FieldSpec; required: boolean; hint?: Hint; defaultValue?: unknown };

/** Path patterns (`*` = any array index) of `<kind>.<config path>`. */
export const FIELD_HINTS: Record<string, Hint> = {
  "webhook.testingData": "hidden",
  "webhook.sharedSecret": "hidden",
  "code.code": "javascript",
  "http.url": "template",
  "http.headers.*.value": "template",
  "http.query.*.value": "template",
  "http.body.json": "json",
  "http.body.raw": "template",
  "http.body.base64": "template",
  "http.body.fields.*.value": "template",
  "http.connectionId": "connection",
  "http.app": "hidden",
  "ai_prompt.connectionId": "connection",
  "ai_prompt.system": "multiline",
  "ai_prompt.prompt": "multiline",
  "ai_prompt.jsonSchema": "json",
  "conditions.branches.*.id": "hidden",
  "conditions.branches.*.target": "target",
  "conditions.branches.*.rules.*.left": "template",
  "conditions.branches.*.rules.*.right": "template",
  "conditions.otherwise.target": "target",
  "transform.fields.*.expression": "template",
  "summarize.input": "template",
  "summarize.computed.*.expression": "template",
  "parse_json.input": "template",
  "wait.at": "template",
};

/** A line under a field whose label cannot say what it does, by `<kind>.<config path>`. */
const FIELD_HELP: Record<string, string> = {
  "http.body.base64": "The file's bytes as base64 — e.g. {{ 2.body }} from an HTTP Request that downloaded it",
  "http.continueOnError":
    "An error answer (4xx, 5xx) or no answer does not fail the run: after the usual retries, the step passes it on as its output (status 0 when there was no answer), for a Conditions step to branch on.",
};

export function helpFor(kind: string, path: readonly (string | number)[]): string | undefined {
  return FIELD_HELP[[kind, ...path.map((p) => (typeof p === "number" ? "*" : p))].join(".")];
}

const LABELS: Record<string, string> = {
  url: "URL",
  json: "JSON body",
  timeoutMs: "Timeout (ms)",
  connectionId: "Account",
  jsonSchema: "Output JSON schema",
  cron: "Cron expression",
  groupBy: "Group by",
  continueOnError: "Continue on error",
  signatureHeader: "Signature header",
  op: "Operator",
  left: "Value",
  right: "Compare with",
  otherwise: "Otherwise",
  match: "Match",
};

// A key whose label depends on its step: a Wait's `at` is the instant it waits until, and the
// messages about it (lib/steps/find-missing-fields.ts: "Until (date and time) is required") name
// it so; "At" above them read as another field.
const STEP_FIELD_LABELS: Record<string, string> = {
  "wait.at": "Until (date and time)",
  // The name a refusal at run time uses too (build-http-request.ts, BINARY_BODY_FIELD).
  "http.body.base64": "Bytes (base64)",
};

// A one-of field's choices are shown as their values ("none", "json", "raw"), but for one whose
// value does not say what to give: by `<kind>.<config path>.<value>`.
const CHOICE_LABELS: Record<string, string> = {
  "http.body.binary": "Binary (base64)",
};

/** What the select of a one-of field at `path` shows for the choice `value`. */
export function choiceLabelFor(kind: string, path: readonly (string | number)[], value: string): string {
  return CHOICE_LABELS[[kind, ...path.map((p) => (typeof p === "number" ? "*" : p)), value].join(".")] ?? value;
}

/** The label of the field at `path` in a `kind` step's config (array items as `*`). */
export function fieldLabelFor(kind: string, path: readonly (string | number)[]): string {
  const key = [kind, ...path.map((p) => (typeof p === "number" ? "*" : p))].join(".");
  return STEP_FIELD_LABELS[key] ?? humanize(String(path[path.length - 1]));
}

// A list's items are headed in the singular ("Headers" → "Header 1"): the form's words, which
// the messages about an item's field use too (form-field.ts).
const SINGULAR: Record<string, string> = { Branches: "Branch", Query: "Query parameter", Computed: "Computed field", "Group by": "Group-by field" };
export const singularOf = (label: string) => SINGULAR[label] ?? label.replace(/s$/, "");

export function humanize(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const words = key.replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function hintFor(kind: string, path: readonly (string | number)[]): Hint | undefined {
  const key = [kind, ...path.map((p) => (typeof p === "number" ? "*" : p))].join(".");
  return FIELD_HINTS[key];
}

type Def = { type: string; [k: string]: unknown };
const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;

/** Strips optional/default/nullable wrappers, remembering what they said. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean; nullable: boolean; defaultValue?: unknown } {
  let s = schema;
  let optional = false;
  let nullable = false;
  let defaultValue: unknown;
  for (;;) {
    const d = defOf(s);
    if (d.type === "optional") optional = true;
    else if (d.type === "nullable") nullable = true;
    else if (d.type === "default") {
      optional = true;
      const v = d.defaultValue;
      defaultValue = typeof v === "function" ? (v as () => unknown)() : v;
    } else return { inner: s, optional, nullable, defaultValue };
    s = d.innerType as z.ZodType;
  }
}

export function describeSchema(schema: z.ZodType, kind: string, path: (string | number)[] = []): FieldSpec {
  const { inner, nullable } = unwrap(schema);
  const d = defOf(inner);
  const hint = hintFor(kind, path);
  switch (d.type) {
    case "string":
      return { type: "text", hint, nullable };
    case "number":
    case "int": {
      const n = inner as unknown as { minValue: number | null; maxValue: number | null; isInt: boolean };
      const finite = (v: number | null) => (v !== null && Number.isFinite(v) && Math.abs(v) < Number.MAX_SAFE_INTEGER ? v : undefined);
      const checks = ((d.checks ?? []) as unknown[]).map(defOf) as unknown as { check: string; value: number; inclusive: boolean }[];
      const above = checks.some((c) => c.check === "greater_than" && !c.inclusive && c.value === n.minValue);
      return {
        type: "number",
        min: finite(n.minValue),
        max: finite(n.maxValue),
        ...(above ? { above: true as const } : {}),
        ...(n.isInt ? { int: true as const } : {}),
        ...(nullable ? { nullable: true as const } : {}),
      };
    }
    case "boolean":
      return { type: "boolean" };
    case "enum":
      return { type: "enum", options: Object.values(d.entries as Record<string, string>) };
    case "literal":
      return { type: "enum", options: (d.values as string[]).map(String) };
    case "object": {
      const shape = d.shape as Record<string, z.ZodType>;
      const fields = Object.entries(shape).map(([key, s]): ObjectField => {
        const u = unwrap(s);
        // A Draft saves some fields empty (the schema defaults them to null) that the step cannot
        // run without (AI Prompt's Account): the form calls them required, not optional.
        const required = !u.optional || isAlwaysNeeded(kind as StepKind, [...path, key]);
        return { key, label: fieldLabelFor(kind, [...path, key]), spec: describeSchema(s, kind, [...path, key]), required, hint: hintFor(kind, [...path, key]), defaultValue: u.defaultValue };
      });
      return { type: "object", fields };
    }
    case "array": {
      const bag = (inner as unknown as { _zod: { bag: { minimum?: number } } })._zod.bag;
      return { type: "array", item: describeSchema(d.element as z.ZodType, kind, [...path, 0]), min: bag.minimum };
    }
    case "union": {
      const discriminator = d.discriminator as string | undefined;
      if (!discriminator) return { type: "json" };
      const initial = initialAt(kind, path);
      const options = (d.options as z.ZodType[]).map((o) => {
        const spec = describeSchema(o, kind, path) as Extract<FieldSpec, { type: "object" }>;
        const lit = defOf((defOf(o).shape as Record<string, z.ZodType>)[discriminator]);
        const value = String((lit.values as unknown[])[0]);
        // Switching back to the option a new step starts with gives its starting values again.
        const own = initial && typeof initial === "object" && (initial as Record<string, unknown>)[discriminator] === value;
        return { value, spec: own ? { ...spec, initial: initial as Record<string, unknown> } : spec };
      });
      return { type: "union", discriminator, options };
    }
    default:
      return { type: "json" };
  }
}

// What a step newly added from the Tools dock holds at `path` (array indexes take item 0).
function initialAt(kind: string, path: readonly (string | number)[]): unknown {
  let v: unknown = defaultConfig(kind as StepKind, () => "br_new");
  for (const p of path) v = v && typeof v === "object" ? (v as Record<string | number, unknown>)[p] : undefined;
  return v;
}

function smallestNumber(spec: Extract<FieldSpec, { type: "number" }>): number {
  if (spec.min === undefined) return 0;
  // z.number().positive() is above 0: its smallest valid whole number is 1, never 0 itself.
  if (spec.above) return Math.floor(spec.min) + 1;
  return spec.int ? Math.ceil(spec.min) : spec.min;
}

/** A new, valid value for an array item or a union option switch: the step's own starting
 *  value where it has one (a Wait switched back to a duration: 120 seconds), else the smallest
 *  valid one (a positive number: 1, never 0). */
export function emptyValue(spec: FieldSpec): unknown {
  switch (spec.type) {
    case "text":
      return "";
    case "number":
      return smallestNumber(spec);
    case "boolean":
      return false;
    case "enum":
      return spec.options[0];
    case "json":
      return undefined;
    case "array":
      return [];
    case "union":
      return emptyValue(spec.options[0].spec);
    case "object":
      if (spec.initial) return structuredClone(spec.initial);
      return Object.fromEntries(
        spec.fields.filter((f) => f.required || f.defaultValue !== undefined).map((f) => [f.key, f.defaultValue ?? emptyValue(f.spec)]),
      );
  }
}
