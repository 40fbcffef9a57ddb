// An account's base URL with a query (Azure OpenAI's older `…/deployments/gpt4o?api-version=…`):
// the path a step adds is joined to the base URL's path and the query kept, the step's own query
// after it. The path used to be pasted after the whole base, inside its query
// (`?api-version=2024-06-01/chat/completions`), for AI Prompt and HTTP Request alike.
// Real HTTP to a local server on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinBaseUrl } from "@/lib/http-step/build-http-request";
import { createAiPromptExecutor } from "@/lib/steps/executors/ai-prompt";
import { createHttpExecutor } from "@/lib/steps/executors/http";
import { startLocalServer } from "@/tests/helpers/local-server";
import { memoryDeps } from "@/tests/helpers/memory-connections";
import { resolvingContext } from "@/tests/helpers/resolving-context";
import { makeContext } from "@/tests/helpers/step-context";

const AZURE = "/openai/deployments/gpt4o?api-version=2024-06-01";
let server: Awaited<ReturnType<typeof startLocalServer>>;
beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ model: "gpt4o", choices: [{ message: { role: "assistant", content: "ok" }, finish_reason: "stop" }], usage: {} }));
  });
});
afterAll(() => server.close());

describe("joinBaseUrl", () => {
  it("joins the path to the base URL's path and keeps its query, the URL's own query after it", () => {
    expect(joinBaseUrl(`https://x.example${AZURE}`, "chat/completions")).toBe("https://x.example/openai/deployments/gpt4o/chat/completions?api-version=2024-06-01");
    expect(joinBaseUrl("https://x.example/api/?key=a&v=2", "/devices?limit=5")).toBe("https://x.example/api/devices?key=a&v=2&limit=5");
    expect(joinBaseUrl("https://x.example/api?v=2", "/devices#top")).toBe("https://x.example/api/devices?v=2#top");
  });

  it("a base URL without a query joins as before; its fragment or an empty query is dropped", () => {
    expect(joinBaseUrl("https://x.example/v1/", "/chat/completions")).toBe("https://x.example/v1/chat/completions");
    expect(joinBaseUrl("https://x.example/v1", "/d?a=1")).toBe("https://x.example/v1/d?a=1");
    expect(joinBaseUrl("https://x.example/v1?#frag", "/d")).toBe("https://x.example/v1/d");
    expect(joinBaseUrl("https://x.example/v1?v=1", "https://other.example/x")).toBe("https://other.example/x");
    expect(joinBaseUrl(null, "/x")).toBe("/x");
  });
});

describe("an account whose base URL has a query", () => {
  const deps = () => memoryDeps([{ id: "az", app: "openai", name: "Azure", authKind: "openai", baseUrl: `${server.url}${AZURE}`, config: { defaultModel: "gpt4o" }, credentials: { apiKey: "k-az-1" } }]);

  it("an AI Prompt posts to the deployment's chat/completions with the api-version kept", async () => {
    const { output } = await createAiPromptExecutor(deps())(makeContext({ kind: "ai_prompt", config: { connectionId: "az", prompt: "hi" }, outputs: { 1: {} } }));
    expect((output as { text: string }).text).toBe("ok");
    expect(server.requests.at(-1)).toMatchObject({ method: "POST", url: "/openai/deployments/gpt4o/chat/completions?api-version=2024-06-01" });
  });

  it("an HTTP Request's relative URL keeps the base's query, then its own, then its query parameters", async () => {
    const config = { method: "GET", url: "/extensions?x=1", connectionId: "az", query: [{ name: "y", value: "2 3" }] };
    await createHttpExecutor(deps())(resolvingContext("http", config));
    expect(server.requests.at(-1)).toMatchObject({ method: "GET", url: "/openai/deployments/gpt4o/extensions?api-version=2024-06-01&x=1&y=2+3" });
  });
});
