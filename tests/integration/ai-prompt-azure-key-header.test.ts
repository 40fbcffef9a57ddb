// Through the worker: Azure OpenAI's deployments endpoint takes the key in an `api-key` header
// and refuses `Authorization: Bearer`. An OpenAI-compatible account set to send its key as
// `api-key` (config.keyHeader) runs an AI Prompt there, the key in that header alone; an account
// without the setting still sends Bearer, as before; and a redirect to another origin does not
// carry the `api-key` header along.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnection } from "@/lib/connections/create-connection";
import { startLocalServer } from "../helpers/local-server";
import { createWorkflow, createWorkspace, enqueueRun, finishedRun, statuses, startEngineWorker } from "./run-engine-fixtures";

startEngineWorker();
const KEY = "az-key-7731-secret";
let azure: Awaited<ReturnType<typeof startLocalServer>>;
let elsewhere: Awaited<ReturnType<typeof startLocalServer>>;

const completion = JSON.stringify({ model: "gpt4o", choices: [{ message: { role: "assistant", content: "triaged" }, finish_reason: "stop" }], usage: {} });

beforeAll(async () => {
  elsewhere = await startLocalServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(completion);
  });
  // Like Azure: Bearer is refused, the api-key header is required.
  azure = await startLocalServer((req, res) => {
    if (req.url?.startsWith("/moved/")) {
      res.writeHead(307, { location: `${elsewhere.url}/openai/deployments/gpt4o/chat/completions?api-version=2024-06-01` });
      return res.end();
    }
    const refuse = req.headers.authorization ? "Bearer auth is not supported here: send the key in the api-key header" : req.headers["api-key"] !== KEY ? "Access denied due to invalid subscription key" : null;
    if (refuse) {
      res.writeHead(401, { "content-type": "application/json" });
      return res.end(JSON.stringify({ error: { code: "401", message: refuse } }));
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(completion);
  });
});
afterAll(async () => {
  await azure?.close();
  await elsewhere?.close();
});

async function runPrompt(workspaceId: string, name: string, baseUrl: string, config: Record<string, unknown>) {
  const account = await createConnection({ workspaceId, app: "openai", name, baseUrl, config: { defaultModel: "gpt4o", ...config }, credentials: { apiKey: KEY } });
  const wf = await createWorkflow([{ kind: "webhook", config: {} }, { kind: "ai_prompt", config: { connectionId: account.id, prompt: "Triage {{ 1.alert }}" } }], { workspaceId });
  return finishedRun(await enqueueRun(wf, { alert: "EDR-1" }), 60_000);
}

describe("an AI account that sends its key as Azure OpenAI wants it", () => {
  it("the api-key choice runs an AI Prompt against Azure, with no Authorization header sent", async () => {
    const workspaceId = await createWorkspace();
    const before = azure.requests.length;
    const run = await runPrompt(workspaceId, "Azure OpenAI", `${azure.url}/openai/deployments/gpt4o?api-version=2024-06-01`, { keyHeader: "api-key" });
    expect(statuses(run), JSON.stringify(run.steps.map((s) => s.error))).toEqual(["1:succeeded", "2:succeeded"]);
    const sent = azure.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual(["POST /openai/deployments/gpt4o/chat/completions?api-version=2024-06-01"]);
    expect(sent[0].headers["api-key"]).toBe(KEY);
    expect(sent[0].headers.authorization).toBeUndefined();
  }, 90_000);

  it("an account without the choice still sends Bearer (and never the api-key header)", async () => {
    const workspaceId = await createWorkspace();
    const before = azure.requests.length;
    const run = await runPrompt(workspaceId, "Plain OpenAI", `${azure.url}/openai/deployments/gpt4o?api-version=2024-06-01`, {});
    expect(statuses(run)).toEqual(["1:succeeded", "2:failed"]);
    expect(run.steps[1].error).toContain("Bearer auth is not supported here");
    const sent = azure.requests.slice(before);
    expect(sent[0].headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent[0].headers["api-key"]).toBeUndefined();
  }, 90_000);

  it("a redirect to another origin does not carry the api-key header", async () => {
    const workspaceId = await createWorkspace();
    const before = elsewhere.requests.length;
    await runPrompt(workspaceId, "Azure moved", `${azure.url}/moved/gpt4o?api-version=2024-06-01`, { keyHeader: "api-key" });
    const followed = elsewhere.requests.slice(before);
    // Followed or refused, the key never reaches the other origin.
    for (const r of followed) {
      expect(r.headers["api-key"]).toBeUndefined();
      expect(r.headers.authorization).toBeUndefined();
    }
    expect(JSON.stringify(followed.map((r) => r.headers))).not.toContain(KEY);
  }, 90_000);
});
