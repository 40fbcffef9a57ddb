// The Configure form labels a field "(optional)" only when the step can run without it: AI
// Prompt's Account is needed to go Live (find-missing-fields) although a Draft saves it empty.
import { describe, expect, it } from "vitest";
import { describeSchema, type FieldSpec } from "@/lib/editor/form-model";
import { defaultConfig } from "@/lib/editor/default-config";
import { findMissingFields } from "@/lib/steps/find-missing-fields";
import { STEP_CATALOG } from "@/lib/steps/catalog";

const fieldsOf = (kind: "ai_prompt" | "http") => {
  const spec: FieldSpec = describeSchema(STEP_CATALOG[kind].config, kind);
  if (spec.type !== "object") throw new Error("object expected");
  return new Map(spec.fields.map((f) => [f.key, f]));
};

describe("fields a step needs to run are not labelled optional", () => {
  it("AI Prompt: Account is required, as Prompt is; the model and temperature stay optional", () => {
    const fields = fieldsOf("ai_prompt");
    expect(fields.get("connectionId")?.required).toBe(true);
    expect(fields.get("prompt")?.required).toBe(true);
    expect(fields.get("model")?.required).toBe(false);
    expect(fields.get("temperature")?.required).toBe(false);
  });

  it("HTTP Request: Account is needed only for a relative URL, so it stays optional", () => {
    expect(fieldsOf("http").get("connectionId")?.required).toBe(false);
  });

  it("an AI Prompt without an account still saves as a Draft, and is named as incomplete", () => {
    const draft = { ...(defaultConfig("ai_prompt", () => "x") as Record<string, unknown>), prompt: "Summarise {{ 1.body }}", connectionId: null };
    expect(STEP_CATALOG.ai_prompt.config.safeParse(draft).success).toBe(true);
    expect(findMissingFields("ai_prompt", draft).map((m) => m.field)).toEqual(["connectionId"]);
  });
});
