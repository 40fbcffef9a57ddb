import { describe, expect, it } from "vitest";
import { createAiPromptExecutor } from "@/lib/steps/executors/ai-prompt";
import { findMissingFields, isNeededIn } from "@/lib/steps/find-missing-fields";
import { memoryDeps } from "@/tests/helpers/memory-connections";
import { makeContext } from "@/tests/helpers/step-context";

const base = { prompt: "hi", connectionId: "ai" };
const messages = (jsonSchema: unknown) => findMissingFields("ai_prompt", { ...base, jsonSchema }).map((m) => `${m.field}: ${m.message}`);
const EXAMPLE = '{"type":"object","properties":{…}}';

describe("AI Prompt output JSON schema that is not an object", () => {
  it("is said under the field (and so held for Live), naming what it is", () => {
    expect(messages("just a string")).toEqual([`jsonSchema: Output JSON schema must be a JSON object (a JSON Schema), e.g. ${EXAMPLE}; it is the text "just a string"`]);
    expect(messages([])).toEqual([`jsonSchema: Output JSON schema must be a JSON object (a JSON Schema), e.g. ${EXAMPLE}; it is a list`]);
    expect(messages(5)).toEqual([`jsonSchema: Output JSON schema must be a JSON object (a JSON Schema), e.g. ${EXAMPLE}; it is the number 5`]);
    expect(messages('{"type": ')).toEqual([expect.stringMatching(/^jsonSchema: Output JSON schema is not valid JSON: /)]);
  });

  it("an object, JSON text of one, or no schema is fine, and the field stays optional", () => {
    expect(messages({ type: "object", properties: {} })).toEqual([]);
    expect(messages('{"type":"object"}')).toEqual([]);
    expect(messages(undefined)).toEqual([]);
    expect(messages("")).toEqual([]);
    expect(isNeededIn("ai_prompt", ["jsonSchema"], { ...base, jsonSchema: 5 })).toBe(false);
  });

  it("a run says the same, not 'not valid JSON: Unexpected token'", async () => {
    const run = (jsonSchema: unknown) =>
      createAiPromptExecutor(memoryDeps([{ id: "ai", app: "openai", name: "AI", authKind: "openai", baseUrl: "http://127.0.0.1:9/v1", config: { defaultModel: "m" }, credentials: { apiKey: "k" } }]))(
        makeContext({ kind: "ai_prompt", config: { ...base, jsonSchema } }),
      );
    await expect(run("just a string")).rejects.toThrow(`the JSON schema must be a JSON object (a JSON Schema), e.g. ${EXAMPLE}; it is the text "just a string"`);
    await expect(run(5)).rejects.toThrow(/it is the number 5$/);
  });
});
