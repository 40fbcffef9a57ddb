// code, http and ai_prompt steps through a real worker process: sandbox escapes end as clean
// step failures while the worker keeps running; http and ai_prompt use app connections from
// the database; the SSRF guard refuses metadata addresses inside a run.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnection } from "@/lib/connections/create-connection";
import { startFakeOpenAI, type FakeOpenAI } from "../fakes/openai";
import { startLocalServer } from "../helpers/local-server";
import { createWorkflow, createWorkspace, enqueueRun, finishedRun, statuses, startEngineWorker } from "./run-engine-fixtures";

const { worker } = startEngineWorker();
let api: Awaited<ReturnType<typeof startLocalServer>>;
let ai: FakeOpenAI;
beforeAll(async () => {
  api = await startLocalServer((req, res, body) => {
    res.writeHead(req.url === "/fail" ? 503 : 200, { "content-type": "application/json", "retry-after": "0" });
    res.end(JSON.stringify({ path: req.url, auth: req.headers.authorization ?? null, body: body ? JSON.parse(body) : null }));
  });
  ai = await startFakeOpenAI({ apiKey: "sk-run-secret-1" });
});
afterAll(async () => {
  await api?.close();
  await ai?.close();
});

const codeRun = async (code: string, trigger: unknown = {}, timeoutMs = 1_000) => {
  const wf = await createWorkflow([{ kind: "webhook", config: {} }, { kind: "code", config: { code, timeoutMs } }]);
  return finishedRun(await enqueueRun(wf, trigger), 60_000);
};

describe("code step in the worker", () => {
  it("returns a value from steps and keeps console.log lines", async () => {
    const run = await codeRun("console.log('hello', steps[1].name); return { upper: steps[1].name.toUpperCase(), id: crypto.randomUUID().length }", { name: "ada" });
    expect(run.status).toBe("succeeded");
    expect(run.steps[1].output).toEqual({ upper: "ADA", id: 36 });
    expect(run.steps[1].logs).toEqual(["hello ada"]);
  });

  it.each([
    ["this.constructor.constructor('return process')().exit(1)", /ReferenceError: process is not defined/, 1_000],
    ["require('fs').readFileSync('/etc/passwd')", /ReferenceError: require is not defined/, 1_000],
    ["return process.env", /ReferenceError: process is not defined/, 1_000],
    ["while (true) {}", /the code ran longer than its 1 s time limit/, 1_000],
    // A generous time limit, so the memory limit is what ends it.
    ["const m = new Map(); let i = 0; for (;;) m.set(i++, { i })", /the code used more than its 128 MB memory limit/, 30_000],
    ["const a = []; for (;;) a.push(new Array(1e6).fill(1.5))", /the code used more than its 128 MB memory limit/, 30_000],
    ["return 'x'.repeat(50 * 1024 * 1024)", /the return value is 50 MB or more as JSON; the limit is 1 MB/, 30_000],
  ])("%s fails the step cleanly", async (code, message, timeoutMs) => {
    const run = await codeRun(code, {}, timeoutMs);
    expect(run.status).toBe("failed");
    expect(statuses(run)).toEqual(["1:succeeded", "2:failed"]);
    expect(run.steps[1].error).toMatch(message);
    expect(worker.proc.exitCode).toBeNull();
  });

  it("the worker is still running and executes the next run", async () => {
    expect(worker.proc.exitCode).toBeNull();
    expect((await codeRun("return 1 + 1")).steps[1].output).toBe(2);
  });
});

describe("http and ai_prompt steps in the worker", () => {
  it("http uses the workspace's connection and references; echoed credentials are redacted", async () => {
    const workspaceId = await createWorkspace();
    const c = await createConnection({ workspaceId, app: "psa", name: "PSA", authKind: "bearer", baseUrl: api.url, credentials: { token: "psa-token-5150" } });
    const wf = await createWorkflow(
      [{ kind: "webhook", config: {} }, { kind: "http", config: { method: "POST", url: "/tickets", connectionId: c.id, body: { type: "json", json: { summary: "{{ 1.summary }}" } } } }],
      { workspaceId },
    );
    const run = await finishedRun(await enqueueRun(wf, { summary: "Disk low" }), 60_000);
    expect(run.status).toBe("succeeded");
    expect(run.steps[1].output).toMatchObject({ status: 200, body: { path: "/tickets", auth: "Bearer ••••", body: { summary: "Disk low" } } });
    expect(api.requests.at(-1)?.headers.authorization).toBe("Bearer psa-token-5150");
    expect(JSON.stringify(run)).not.toContain("psa-token-5150");
  });

  it("the SSRF guard refuses the metadata address inside a run", async () => {
    const wf = await createWorkflow([{ kind: "webhook", config: {} }, { kind: "http", config: { url: "http://169.254.169.254/latest/meta-data/iam/" } }]);
    const run = await finishedRun(await enqueueRun(wf, {}), 60_000);
    expect(run.status).toBe("failed");
    expect(run.steps[1].error).toBe("GET http://169.254.169.254/latest/meta-data/iam/: refused: 169.254.169.254 is a cloud metadata address (SSRF guard)");
  });

  it("ai_prompt answers with structured output through the workspace's AI connection", async () => {
    const workspaceId = await createWorkspace();
    const c = await createConnection({ workspaceId, app: "openai", name: "AI", baseUrl: ai.baseUrl, config: { defaultModel: "fake-mini" }, credentials: { apiKey: "sk-run-secret-1" } });
    const wf = await createWorkflow(
      [
        { kind: "webhook", config: {} },
        { kind: "ai_prompt", config: { connectionId: c.id, system: "Triage.", prompt: "Alert on {{ 1.host }}", jsonSchema: { type: "object", properties: { severity: { type: "string", enum: ["Critical", "Low"] } } } } },
      ],
      { workspaceId },
    );
    const run = await finishedRun(await enqueueRun(wf, { host: "WS-7" }), 60_000);
    expect(run.status).toBe("succeeded");
    expect(run.steps[1].output).toMatchObject({ json: { severity: "Critical" }, model: "fake-mini", text: '{"severity":"Critical"}' });
    expect(ai.requests.at(-1)?.messages.at(-1)).toEqual({ role: "user", content: "Alert on WS-7" });
  });

  it("an ai_prompt step with another workspace's connection fails as not found", async () => {
    const owner = await createWorkspace();
    const c = await createConnection({ workspaceId: owner, app: "openai", name: "AI", baseUrl: ai.baseUrl, credentials: { apiKey: "sk-run-secret-1" } });
    const wf = await createWorkflow([{ kind: "webhook", config: {} }, { kind: "ai_prompt", config: { connectionId: c.id, model: "m", prompt: "hi" } }]);
    const run = await finishedRun(await enqueueRun(wf, {}), 60_000);
    expect(run.status).toBe("failed");
    expect(run.steps[1].error).toBe(`the app account this step used was deleted (app connection ${c.id} is not in this workspace): choose another account for the step`);
  });
});
