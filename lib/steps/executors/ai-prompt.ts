// ai_prompt step: one OpenAI-compatible chat completion through the selected app connection
// (base URL, key, default model), over the same SSRF-guarded client as the http step.
// Optional JSON schema → strict structured output; output {text, json?, model, usage}.
import { parseAnswerJson, messageText, providerError, strictSchema } from "@/lib/ai/chat-completion";
import { findSchemaMismatches } from "@/lib/ai/find-schema-mismatches";
import type { ConnectionHeaders } from "@/lib/connections/connection-headers";
import { TokenError } from "@/lib/connections/fetch-oauth-token";
import { redactCredentials } from "@/lib/connections/redact-credentials";
import { sendWithAccount } from "@/lib/connections/send-with-account";
import { joinBaseUrl, toText } from "@/lib/http-step/build-http-request";
import { bodyExcerpt, excerpt, isRetryableStatus, readBody, retryAfterMs } from "@/lib/http-step/read-http-response";
import { OutboundError } from "@/lib/net/errors";
import { guardedFetch } from "@/lib/net/guarded-fetch";
import { readOutputSchema } from "@/lib/steps/ai-output-schema";
import { aiPromptConfig } from "@/lib/steps/catalog";
import { defaultOutboundDeps, type OutboundDeps } from "./http";
import { StepError, type StepExecutor } from "./types";

const AI_KINDS = ["openai", "bearer", "api_key", "oauth2_client_credentials", "none"];
type Completion = { model?: string; usage?: unknown; choices?: { message?: { content?: unknown; refusal?: unknown }; finish_reason?: string }[] };

function schemaFrom(value: unknown): Record<string, unknown> | undefined {
  const { schema, problem } = readOutputSchema(value);
  if (problem) throw new StepError(`the JSON schema ${problem}`);
  return schema;
}

// readBody hands back the text of a body that is not JSON; "the AI answer has no message" then
// sent people looking for a missing field in what was a truncated answer or a web page.
// A binary answer (an image, a download) is said as such, not quoted as base64.
function notJsonAnswer(body: unknown, quote: string, raw: Buffer, contentType: string | undefined): string {
  if (body === null || body === "") return "the AI provider's answer is empty";
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (!type || /[/+]json$/.test(type)) {
    if (!isJson(raw)) return `the AI provider's answer is not valid JSON: ${quote}`;
    return `the AI answer has no message: ${quote}`; // JSON, but a bare string or number
  }
  return `the AI provider's answer is not JSON but ${type} (is the account's base URL the API's, e.g. https://api.openai.com/v1?): ${quote}`;
}

function isJson(raw: Buffer): boolean {
  const text = raw.toString("utf8");
  try {
    JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    return true;
  } catch {
    return false;
  }
}

type AiOutput = { text: string; json?: unknown; model: string; usage: unknown };

// Servers that ignore `strict` (Ollama, LM Studio, vLLM, some proxies) answer JSON of another shape;
// passing it on made later steps fail far from the cause. Retryable: the model's next answer may
// conform. The answer is the failed step's output, whole, and quoted in the message's end.
function failUnlessMatches(output: AiOutput, schema: unknown, log: (line: string) => void) {
  const { problems, more, complete } = findSchemaMismatches(output.json, schema);
  if (!complete) log("the answer is too large or too deeply nested to check against the Output JSON schema in full: checked in part");
  if (!problems.length) return;
  throw new StepError(`the AI answer does not match the Output JSON schema: ${problems.join("; ")}${more ? "; …" : ""} — the answer: ${excerpt(output.text, 200)}`, {
    retryable: true,
    output,
  });
}

export function createAiPromptExecutor(deps: OutboundDeps = defaultOutboundDeps): StepExecutor {
  return async (ctx) => {
    const parsed = aiPromptConfig.safeParse(ctx.step.config);
    if (!parsed.success) throw new StepError(`invalid ai_prompt step config: ${parsed.error.issues[0]?.path.join(".")} ${parsed.error.issues[0]?.message}`);
    const config = parsed.data;
    if (!config.connectionId) throw new StepError("choose an AI account (an OpenAI-compatible app connection) for this step");
    const connection = await deps.loadConnection({ connectionId: config.connectionId, workspaceId: ctx.workspaceId, expectKinds: AI_KINDS });
    if (!connection.baseUrl) throw new StepError(`app connection "${connection.name}" has no base URL (e.g. https://api.openai.com/v1)`);

    const r = ctx.resolve({ system: config.system, prompt: config.prompt, model: config.model ?? "" }).value as { system: unknown; prompt: unknown; model: unknown };
    const model = toText(r.model).trim() || connection.config.defaultModel;
    if (!model) throw new StepError(`no model: set one on the step or a default model on app connection "${connection.name}"`);
    const system = toText(r.system);
    const given = schemaFrom(config.jsonSchema);
    const schema = given && strictSchema(given);

    const request: Record<string, unknown> = {
      model,
      messages: [...(system.trim() ? [{ role: "system", content: system }] : []), { role: "user", content: toText(r.prompt) }],
    };
    if (config.temperature !== undefined) request.temperature = config.temperature;
    if (config.maxTokens !== undefined) request.max_tokens = config.maxTokens;
    if (schema) request.response_format = { type: "json_schema", json_schema: { name: "output", schema, strict: true } };

    const url = joinBaseUrl(connection.baseUrl, "chat/completions");
    let secrets = connection.secrets;
    const clean = <T>(v: T): T => redactCredentials(v, secrets);
    const send = async (auth: ConnectionHeaders) => {
      secrets = [...secrets, ...auth.secrets];
      return guardedFetch({
        ...deps.net,
        method: "POST",
        url,
        headers: { "content-type": "application/json", accept: "application/json", ...auth.headers },
        body: JSON.stringify(request),
        timeoutMs: config.timeoutMs,
        signal: ctx.signal,
        sensitiveHeaders: auth.sensitiveHeaders,
      });
    };

    const started = Date.now();
    let res;
    try {
      res = await sendWithAccount({ connection, send, signal: ctx.signal, net: deps.net });
    } catch (e) {
      if (e instanceof OutboundError || e instanceof TokenError) throw new StepError(clean(`AI request to ${new URL(url).origin} failed: ${e.message}`), { retryable: e.retryable });
      throw e;
    }
    const read = clean(readBody(res.body, res.headers["content-type"]));
    const body = read.body;
    const quote = bodyExcerpt(read, res.body.length, res.headers["content-type"]);
    if (res.status < 200 || res.status >= 300) {
      const problem = read.bodyEncoding ? "" : providerError(body);
      throw new StepError(`AI request failed: HTTP ${res.status}${problem ? `: ${excerpt(problem)}` : quote ? `: ${quote}` : ""}`, {
        retryable: isRetryableStatus(res.status),
        retryAfterMs: retryAfterMs(res.headers["retry-after"]),
      });
    }
    if (!body || typeof body !== "object") throw new StepError(notJsonAnswer(body, quote, res.body, res.headers["content-type"]));
    const completion = body as Completion;
    const choice = completion.choices?.[0];
    if (!choice?.message) throw new StepError(`the AI answer has no message: ${excerpt(body)}`);
    if (typeof choice.message.refusal === "string" && choice.message.refusal) throw new StepError(`the model refused: ${excerpt(choice.message.refusal)}`);
    const text = messageText(choice.message.content);
    const output: AiOutput = { text, model: completion.model ?? model, usage: completion.usage ?? null };
    ctx.log(`${output.model}: ${JSON.stringify(output.usage ?? {})} in ${Date.now() - started} ms`);
    if (schema) {
      const json = parseAnswerJson(text);
      if (!json.ok) {
        const cut = choice.finish_reason === "length" ? " (the answer was cut off at the token limit)" : "";
        throw new StepError(`the AI answer is not valid JSON${cut}: ${json.error}`);
      }
      output.json = json.value;
      failUnlessMatches(output, schema, ctx.log);
    }
    return { output };
  };
}

export const executeAiPrompt: StepExecutor = createAiPromptExecutor();
