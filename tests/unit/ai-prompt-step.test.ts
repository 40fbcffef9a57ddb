import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { strictSchema } from "@/lib/ai/chat-completion";
import { createAiPromptExecutor } from "@/lib/steps/executors/ai-prompt";
import { StepError } from "@/lib/steps/executors/types";
import { startFakeOpenAI, type FakeOpenAI } from "@/tests/fakes/openai";
import { memoryDeps, type MemoryConnection } from "@/tests/helpers/memory-connections";
import { makeContext } from "@/tests/helpers/step-context";

let ai: FakeOpenAI;
beforeAll(async () => {
  ai = await startFakeOpenAI({ apiKey: "sk-test-secret" });
  ai.on(/severity of/, { severity: "Critical", technique: "T1059 Command and Scripting Interpreter", indicators: ["evil.exe"] });
});
afterAll(() => ai.close());

const connections = (): MemoryConnection[] => [
  { id: "ai", app: "openai", name: "AI", authKind: "openai", baseUrl: ai.baseUrl, config: { defaultModel: "gpt-fake" }, credentials: { apiKey: "sk-test-secret" } },
  { id: "ai-wrong-key", app: "openai", name: "Wrong", authKind: "openai", baseUrl: ai.baseUrl, config: { defaultModel: "gpt-fake" }, credentials: { apiKey: "sk-wrong-key" } },
  { id: "ai-no-model", app: "openai", name: "NoModel", authKind: "openai", baseUrl: ai.baseUrl, credentials: { apiKey: "sk-test-secret" } },
  { id: "ai-private", app: "openai", name: "Internal", authKind: "openai", baseUrl: "http://10.0.0.5/v1", config: { defaultModel: "m" }, credentials: { apiKey: "k-1234" } },
  { id: "ai-other-ws", workspaceId: "ws-2", app: "openai", authKind: "openai", baseUrl: ai.baseUrl, credentials: { apiKey: "sk-test-secret" } },
];

const run = (config: Record<string, unknown>, outputs: Record<number, unknown> = { 1: {} }) =>
  createAiPromptExecutor(memoryDeps(connections()))(makeContext({ kind: "ai_prompt", config, outputs }));
const failure = async (config: Record<string, unknown>) => {
  const e = await run(config).then(() => null, (x: unknown) => x);
  expect(e).toBeInstanceOf(StepError);
  return e as StepError;
};

describe("ai_prompt step", () => {
  it("sends system and resolved user prompt with the default model; output text, model, usage", async () => {
    const { output } = await run({ connectionId: "ai", system: "You are terse.", prompt: "Summarise host {{ 1.host }}" }, { 1: { host: "WS-042" } });
    expect(output).toEqual({ text: "Echo: Summarise host WS-042", model: "gpt-fake", usage: { prompt_tokens: 6, completion_tokens: 4, total_tokens: 10 } });
    const req = ai.requests.at(-1)!;
    expect(req.model).toBe("gpt-fake");
    expect(req.messages).toEqual([{ role: "system", content: "You are terse." }, { role: "user", content: "Summarise host WS-042" }]);
    expect(req.response_format).toBeUndefined();
    expect(ai.headers.at(-1)?.authorization).toBe("Bearer sk-test-secret");
  });

  it("the step's model overrides the connection's default", async () => {
    const { output } = await run({ connectionId: "ai", model: "gpt-4o", prompt: "hi" });
    expect((output as { model: string }).model).toBe("gpt-4o");
  });

  it("structured output: strict json_schema sent, json parsed", async () => {
    const jsonSchema = { type: "object", properties: { severity: { type: "string", enum: ["Low", "Medium", "Critical"] }, technique: { type: "string" }, indicators: { type: "array", items: { type: "string" } } } };
    const { output } = await run({ connectionId: "ai", prompt: "What is the severity of: {{ 1.cmd }}", jsonSchema }, { 1: { cmd: "powershell -enc AAAA" } });
    expect((output as { json: unknown }).json).toEqual({ severity: "Critical", technique: "T1059 Command and Scripting Interpreter", indicators: ["evil.exe"] });
    expect(ai.requests.at(-1)!.response_format).toEqual({
      type: "json_schema",
      json_schema: { name: "output", strict: true, schema: { ...jsonSchema, required: ["severity", "technique", "indicators"], additionalProperties: false } },
    });
  });

  it("the fake answers from the schema when no rule matches; a schema given as text works", async () => {
    const { output } = await run({ connectionId: "ai", prompt: "anything", jsonSchema: JSON.stringify({ type: "object", properties: { ok: { type: "boolean" }, n: { type: "integer" } } }) });
    expect((output as { json: unknown }).json).toEqual({ ok: true, n: 1 });
  });

  it("an answer that is not JSON fails clearly", async () => {
    ai.on(/give prose/, "Sure! Here it is: not json");
    expect((await failure({ connectionId: "ai", prompt: "give prose", jsonSchema: { type: "object", properties: {} } })).message).toMatch(/^the AI answer is not valid JSON: /);
  });

  it("a fenced JSON answer is accepted", async () => {
    ai.on(/fenced please/, "```json\n{\"a\": 1}\n```");
    const { output } = await run({ connectionId: "ai", prompt: "fenced please", jsonSchema: { type: "object", properties: { a: { type: "number" } } } });
    expect((output as { json: unknown }).json).toEqual({ a: 1 });
  });

  // Servers that ignore `strict` (Ollama, LM Studio, vLLM, …) answer JSON of another shape.
  const ticketSchema = { type: "object", properties: { priority: { type: "string", enum: ["low", "medium", "high"] }, summary: { type: "string" } } };

  it("an answer that does not match the schema fails, retryable, naming the problems; the answer is the step's output", async () => {
    ai.on(/triage ticket 1/, { priority: "urgent!!" });
    const e = await failure({ connectionId: "ai", prompt: "triage ticket 1", jsonSchema: ticketSchema });
    expect(e.message).toBe('the AI answer does not match the Output JSON schema: /priority must be one of "low", "medium", "high" (got "urgent!!"); /summary is missing — the answer: {"priority":"urgent!!"}');
    expect(e.retryable).toBe(true);
    expect(e.output).toEqual({ text: '{"priority":"urgent!!"}', json: { priority: "urgent!!" }, model: "gpt-fake", usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 } });
  });

  it("checked against the strict form sent: fields not listed are refused, every listed one required", async () => {
    ai.on(/triage ticket 2/, { priority: "high", summary: "Disk full", extra: "x", nested: { deep: 1 } });
    const e = await failure({ connectionId: "ai", prompt: "triage ticket 2", jsonSchema: ticketSchema });
    expect(e.message).toMatch(/^the AI answer does not match the Output JSON schema: \/extra is not allowed \(not one of the schema's properties\); \/nested is not allowed .* — the answer: \{"priority":"high",/);
  });

  it("an answer that matches the schema succeeds with output.json", async () => {
    ai.on(/triage ticket 3/, { priority: "medium", summary: "Printer offline" });
    const { output } = await run({ connectionId: "ai", prompt: "triage ticket 3", jsonSchema: ticketSchema });
    expect((output as { json: unknown }).json).toEqual({ priority: "medium", summary: "Printer offline" });
  });

  // Parsed from text, as the editor and the API give it: in a JavaScript literal "__proto__" would set
  // the prototype instead of naming a field.
  it('keeps "__proto__" as a name in the schema sent and checked: a field, a $defs entry', async () => {
    const jsonSchema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"},"alert":{"$ref":"#/$defs/__proto__"}},"$defs":{"__proto__":{"type":"object","properties":{"id":{"type":"string"}}}}}',
    );
    ai.on(/proto schema ok/, JSON.parse('{"__proto__":"kept","alert":{"id":"A-1"}}'));
    const { output } = await run({ connectionId: "ai", prompt: "proto schema ok", jsonSchema });
    expect(JSON.stringify((output as { json: unknown }).json)).toBe('{"__proto__":"kept","alert":{"id":"A-1"}}');
    expect(JSON.stringify(ai.requests.at(-1)!.response_format)).toBe(
      JSON.stringify({
        type: "json_schema",
        json_schema: {
          name: "output",
          schema: JSON.parse(
            '{"type":"object","properties":{"__proto__":{"type":"string"},"alert":{"$ref":"#/$defs/__proto__"}},"$defs":{"__proto__":{"type":"object","properties":{"id":{"type":"string"}},"required":["id"],"additionalProperties":false}},"required":["__proto__","alert"],"additionalProperties":false}',
          ),
          strict: true,
        },
      }),
    );
    // The $ref leads to the kept definition, so an answer breaking it is refused.
    ai.on(/proto schema bad/, JSON.parse('{"__proto__":"kept","alert":{"id":7}}'));
    const e = await failure({ connectionId: "ai", prompt: "proto schema bad", jsonSchema });
    expect(e.message).toMatch(/^the AI answer does not match the Output JSON schema: \/alert\/id must be a string/);
  });

  it("a wrong API key is a clear, non-retryable failure without the key", async () => {
    const e = await failure({ connectionId: "ai-wrong-key", prompt: "hi" });
    expect(e.message).toBe("AI request failed: HTTP 401: Incorrect API key provided.");
    expect(e.retryable).toBe(false);
  });

  it("429 is retryable with Retry-After", async () => {
    ai.failNext({ status: 429, body: { error: { message: "Rate limit reached" } }, headers: { "retry-after": "3" } });
    const e = await failure({ connectionId: "ai", prompt: "hi" });
    expect(e.message).toBe("AI request failed: HTTP 429: Rate limit reached");
    expect(e.retryable).toBe(true);
    expect(e.retryAfterMs).toBe(3000);
  });

  it("an API key echoed by the server is redacted", async () => {
    ai.failNext({ status: 400, body: { error: { message: "bad key sk-test-secret in header" } } });
    const e = await failure({ connectionId: "ai", prompt: "hi" });
    expect(e.message).toBe("AI request failed: HTTP 400: bad key •••• in header");
  });

  it("needs a connection, a model, and a connection of this workspace", async () => {
    expect((await failure({ prompt: "hi" })).message).toMatch(/choose an AI account/);
    expect((await failure({ connectionId: "ai-no-model", prompt: "hi" })).message).toMatch(/^no model/);
    expect((await failure({ connectionId: "ai-other-ws", prompt: "hi" })).message).toBe("app connection ai-other-ws not found in this workspace");
  });

  it("goes through the SSRF guard", async () => {
    const e = await failure({ connectionId: "ai-private", prompt: "hi" });
    expect(e.message).toBe("AI request to http://10.0.0.5 failed: refused: 10.0.0.5 is a private address (SSRF guard)");
  });
});

describe("strictSchema", () => {
  it("tightens nested objects and leaves the rest", () => {
    expect(strictSchema({ type: "object", properties: { a: { type: "object", properties: { b: { type: "string" } } }, c: { type: "array", items: { type: "object", properties: { d: { type: "number" } } } } } })).toEqual({
      type: "object",
      properties: {
        a: { type: "object", properties: { b: { type: "string" } }, required: ["b"], additionalProperties: false },
        c: { type: "array", items: { type: "object", properties: { d: { type: "number" } }, required: ["d"], additionalProperties: false } },
      },
      required: ["a", "c"],
      additionalProperties: false,
    });
  });
});
