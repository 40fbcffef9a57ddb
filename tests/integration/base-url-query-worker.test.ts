// Through the worker: an openai account whose base URL carries Azure OpenAI's older api-version
// query. The AI Prompt posted to `…/gpt4o?api-version=2024-06-01/chat/completions` (the path
// inside the query) and an HTTP Request's relative URL likewise; both now reach the deployment's
// path with the query kept, the step's own query parameters after it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnection } from "@/lib/connections/create-connection";
import { startLocalServer } from "../helpers/local-server";
import { createWorkflow, createWorkspace, enqueueRun, finishedRun, statuses, startEngineWorker } from "./run-engine-fixtures";

startEngineWorker();
let server: Awaited<ReturnType<typeof startLocalServer>>;

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ model: "gpt4o", choices: [{ message: { role: "assistant", content: "triaged" }, finish_reason: "stop" }], usage: {} }));
  });
});
afterAll(async () => {
  await server?.close();
});

describe("an account's base URL with a query, through the worker", () => {
  it("AI Prompt and HTTP Request join their path to the base URL's path and keep its query", async () => {
    const workspaceId = await createWorkspace();
    const account = await createConnection({
      workspaceId,
      app: "openai",
      name: "Azure OpenAI",
      baseUrl: `${server.url}/openai/deployments/gpt4o?api-version=2024-06-01`,
      config: { defaultModel: "gpt4o" },
      credentials: { apiKey: "az-key-5521" },
    });
    const wf = await createWorkflow(
      [
        { kind: "webhook", config: {} },
        { kind: "ai_prompt", config: { connectionId: account.id, prompt: "Triage {{ 1.alert }}" } },
        { kind: "http", config: { method: "GET", url: "/extensions?from=step", connectionId: account.id, query: [{ name: "text", value: "{{ 2.text }}" }] } },
      ],
      { workspaceId },
    );
    const run = await finishedRun(await enqueueRun(wf, { alert: "EDR-1" }), 60_000);
    expect(statuses(run), JSON.stringify(run.steps.map((s) => s.error))).toEqual(["1:succeeded", "2:succeeded", "3:succeeded"]);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST /openai/deployments/gpt4o/chat/completions?api-version=2024-06-01",
      "GET /openai/deployments/gpt4o/extensions?api-version=2024-06-01&from=step&text=triaged",
    ]);
  }, 90_000);
});
