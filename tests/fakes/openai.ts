// A local OpenAI-compatible chat-completions server for tests (ai_prompt steps, blueprints).
// node:http on 127.0.0.1; records every request; answers deterministically: a matching rule's
// reply, else — with response_format json_schema — an object built from the schema, else an
// echo of the last user message. Failures can be queued (status, body, headers).
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ChatMessage = { role: string; content: unknown };
export type ChatRequest = {
  model?: string;
  messages: ChatMessage[];
  response_format?: { type: string; json_schema?: { name?: string; schema?: JsonSchema; strict?: boolean } };
  temperature?: number;
  max_tokens?: number;
  [k: string]: unknown;
};
type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; enum?: unknown[]; const?: unknown; default?: unknown };

export type Reply = string | Record<string, unknown> | unknown[];
export type Rule = { match: RegExp | ((req: ChatRequest) => boolean); reply: Reply | ((req: ChatRequest) => Reply) };
export type QueuedFailure = { status: number; body?: unknown; headers?: Record<string, string> };

export type FakeOpenAIOptions = {
  /** When set, requests must carry `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  rules?: Rule[];
};

const text = (c: unknown): string => (typeof c === "string" ? c : Array.isArray(c) ? c.map((p) => (p as { text?: string }).text ?? "").join("") : "");
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

/** A deterministic instance of a JSON schema. */
export function exampleFor(schema: JsonSchema | undefined, key = "value"): unknown {
  if (!schema) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, exampleFor(s, k)]));
    case "array":
      return [exampleFor(schema.items, key)];
    case "string":
      return `example ${key}`;
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return true;
    default:
      return null;
  }
}

export async function startFakeOpenAI(opts: FakeOpenAIOptions = {}) {
  const requests: ChatRequest[] = [];
  const headers: http.IncomingHttpHeaders[] = [];
  const failures: QueuedFailure[] = [];
  const rules = [...(opts.rules ?? [])];

  const answer = (req: ChatRequest): string => {
    const prompt = req.messages.map((m) => text(m.content)).join("\n");
    for (const r of rules) {
      const hit = r.match instanceof RegExp ? r.match.test(prompt) : r.match(req);
      if (!hit) continue;
      const reply = typeof r.reply === "function" ? r.reply(req) : r.reply;
      return typeof reply === "string" ? reply : JSON.stringify(reply);
    }
    if (req.response_format?.type === "json_schema") return JSON.stringify(exampleFor(req.response_format.json_schema?.schema));
    if (req.response_format?.type === "json_object") return JSON.stringify({ echo: text(req.messages.at(-1)?.content) });
    return `Echo: ${text([...req.messages].reverse().find((m) => m.role === "user")?.content)}`;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const send = (status: number, body: unknown, extra: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...extra });
        res.end(JSON.stringify(body));
      };
      const error = (status: number, message: string, code: string) => send(status, { error: { message, type: "invalid_request_error", code } });
      const path = (req.url ?? "").split("?")[0];
      if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) return error(401, "Incorrect API key provided.", "invalid_api_key");
      if (req.method === "GET" && path.endsWith("/models")) return send(200, { object: "list", data: [{ id: "fake-model", object: "model" }] });
      if (req.method !== "POST" || !path.endsWith("/chat/completions")) return error(404, `no route ${req.method} ${path}`, "not_found");
      let body: ChatRequest;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequest;
      } catch {
        return error(400, "We could not parse the JSON body of your request.", "invalid_json");
      }
      requests.push(body);
      headers.push(req.headers);
      const fail = failures.shift();
      if (fail) return send(fail.status, fail.body ?? { error: { message: `fake failure ${fail.status}`, type: "server_error" } }, fail.headers);
      if (!Array.isArray(body.messages) || body.messages.length === 0) return error(400, "'messages' is required", "missing_messages");
      if (!body.model) return error(400, "you must provide a model parameter", "missing_model");
      const content = answer(body);
      const promptTokens = body.messages.reduce((n, m) => n + words(text(m.content)), 0);
      send(200, {
        id: `chatcmpl-fake-${requests.length}`,
        object: "chat.completion",
        created: 1_700_000_000,
        model: body.model,
        choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop" }],
        usage: { prompt_tokens: promptTokens, completion_tokens: words(content), total_tokens: promptTokens + words(content) },
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    /** Base URL for an "openai" app connection. */
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    headers,
    /** Adds a rule ahead of the defaults (first match wins). */
    on: (match: Rule["match"], reply: Rule["reply"]) => void rules.push({ match, reply }),
    /** The next request(s) fail with this answer, in order. */
    failNext: (f: QueuedFailure) => void failures.push(f),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export type FakeOpenAI = Awaited<ReturnType<typeof startFakeOpenAI>>;
