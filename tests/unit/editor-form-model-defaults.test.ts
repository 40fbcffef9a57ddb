// What the Configure form puts in when a one-of choice is switched (Wait: duration / until; HTTP
// body: none / json / form / raw) or a list item is added: a value the step's schema accepts, so
// the header never says "Not saved" for something the user did not type.
import { describe, expect, it } from "vitest";
import { defaultConfig } from "@/lib/editor/default-config";
import { describeSchema, emptyValue, type FieldSpec } from "@/lib/editor/form-model";
import { STEP_CATALOG, STEP_KINDS } from "@/lib/steps/catalog";

type Path = (string | number)[];
type Found = { path: Path; kind: "union" | "array"; spec: FieldSpec };

// Every union and array in a form, with its config path (array items: item 0).
function walk(spec: FieldSpec, path: Path = []): Found[] {
  switch (spec.type) {
    case "object":
      return spec.fields.flatMap((f) => walk(f.spec, [...path, f.key]));
    case "array":
      return [{ path, kind: "array", spec }, ...walk(spec.item, [...path, 0])];
    case "union":
      return [{ path, kind: "union", spec }, ...spec.options.flatMap((o) => walk(o.spec, path))];
    default:
      return [];
  }
}

function setAt(config: Record<string, unknown>, path: Path, value: unknown): Record<string, unknown> {
  if (path.length === 0) return value as Record<string, unknown>;
  const out = structuredClone(config) as Record<string | number, unknown>;
  let at = out;
  for (const p of path.slice(0, -1)) at = at[p] as Record<string | number, unknown>;
  at[path[path.length - 1]] = value;
  return out;
}

describe("switching a one-of choice and adding items keep the step valid", () => {
  it("Wait: until and back to duration gives the new step's 120 seconds, not 0", () => {
    const spec = describeSchema(STEP_CATALOG.wait.config, "wait");
    if (spec.type !== "union") throw new Error("union expected");
    const pick = (mode: string) => emptyValue(spec.options.find((o) => o.value === mode)!.spec);
    expect(pick("until")).toEqual({ mode: "until", at: "" });
    expect(pick("duration")).toEqual({ mode: "duration", seconds: 120 });
    expect(STEP_CATALOG.wait.config.safeParse(pick("duration")).success).toBe(true);
  });

  it("a positive number without a starting value starts at 1", () => {
    const spec = describeSchema(STEP_CATALOG.wait.config, "wait");
    if (spec.type !== "union") throw new Error("union expected");
    const seconds = spec.options[0].spec.fields.find((f) => f.key === "seconds")!.spec;
    expect(seconds).toMatchObject({ type: "number", min: 0, above: true });
    expect(emptyValue(seconds)).toBe(1);
  });

  it("the starting value is a copy: editing one switch does not change the next", () => {
    const spec = describeSchema(STEP_CATALOG.wait.config, "wait");
    const first = emptyValue(spec) as Record<string, unknown>;
    first.seconds = 5;
    expect(emptyValue(spec)).toEqual({ mode: "duration", seconds: 120 });
  });

  for (const kind of STEP_KINDS) {
    it(`${kind}: every option of every choice, and every new list item, passes the schema`, () => {
      const schema = STEP_CATALOG[kind].config;
      const start = defaultConfig(kind, () => "br_1");
      for (const found of walk(describeSchema(schema, kind))) {
        const values =
          found.spec.type === "union"
            ? found.spec.options.map((o) => ({ label: o.value, value: emptyValue(o.spec) }))
            : found.spec.type === "array"
              ? [{ label: "new item", value: [emptyValue(found.spec.item)] }]
              : [];
        // A Conditions branch gets its id, rule and target from the form itself (schema-form.tsx).
        if (kind === "conditions" && found.path.join(".") === "branches") continue;
        for (const { label, value } of values) {
          const r = schema.safeParse(setAt(start, found.path, value));
          expect(r.success, `${kind} ${found.path.join(".")} ${label}: ${r.error?.issues[0]?.message}`).toBe(true);
        }
      }
    });
  }
});
