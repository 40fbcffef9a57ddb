// App connections in PostgreSQL: encrypted at rest, scoped to their workspace, used by the
// http and ai_prompt executors through the real loader.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConnection, InvalidConnectionError } from "@/lib/connections/create-connection";
import { ConnectionError, getConnectionCredentials } from "@/lib/connections/get-connection-credentials";
import { db } from "@/lib/db/client";
import { executeAiPrompt } from "@/lib/steps/executors/ai-prompt";
import { executeHttp } from "@/lib/steps/executors/http";
import { StepError } from "@/lib/steps/executors/types";
import { startFakeOpenAI, type FakeOpenAI } from "@/tests/fakes/openai";
import { startLocalServer } from "@/tests/helpers/local-server";
import { makeContext } from "@/tests/helpers/step-context";

let server: Awaited<ReturnType<typeof startLocalServer>>;
let ai: FakeOpenAI;
let wsA: string;
let wsB: string;

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ auth: req.headers.authorization ?? null }));
  });
  ai = await startFakeOpenAI({ apiKey: "sk-int-secret-9" });
  const mk = (name: string) => db().workspace.create({ data: { name: `${name} ${randomUUID().slice(0, 6)}`, kind: "provider" } });
  wsA = (await mk("A")).id;
  wsB = (await mk("B")).id;
});
afterAll(async () => {
  await server.close();
  await ai.close();
});

describe("app connections", () => {
  it("an account without auth stores no credentials, even when sent an empty set", async () => {
    const c = await createConnection({ workspaceId: wsA, app: "chat", name: "Chat webhook", authKind: "none", baseUrl: server.url, credentials: {} });
    expect(c).toMatchObject({ authKind: "none", hasCredentials: false });
    const raw = await db().$queryRawUnsafe<{ credentialsEncrypted: string | null }[]>(`SELECT "credentialsEncrypted" FROM "Connection" WHERE id = $1`, c.id);
    expect(raw[0].credentialsEncrypted).toBeNull();
  });

  it("stores credentials encrypted and loads them only within the workspace", async () => {
    const c = await createConnection({ workspaceId: wsA, app: "psa", name: "Main PSA", baseUrl: server.url, credentials: { username: "api+co", password: "psa-pass-7781" } });
    expect(c).toMatchObject({ app: "psa", authKind: "basic", hasCredentials: true });
    expect(JSON.stringify(c)).not.toContain("psa-pass-7781");

    const raw = await db().$queryRawUnsafe<{ credentialsEncrypted: string }[]>(`SELECT "credentialsEncrypted" FROM "Connection" WHERE id = $1`, c.id);
    expect(raw[0].credentialsEncrypted).toMatch(/^v1:/);
    expect(raw[0].credentialsEncrypted).not.toContain("psa-pass-7781");

    const loaded = await getConnectionCredentials({ connectionId: c.id, workspaceId: wsA });
    expect(loaded.credentials).toEqual({ username: "api+co", password: "psa-pass-7781" });
    expect(loaded.secrets).toEqual(["psa-pass-7781"]);
    await expect(getConnectionCredentials({ connectionId: c.id, workspaceId: wsB })).rejects.toThrow(ConnectionError);
    await expect(getConnectionCredentials({ connectionId: c.id, workspaceId: wsB })).rejects.toThrow(`app connection ${c.id} not found in this workspace`);
  });

  it("names are unique per workspace and app", async () => {
    await createConnection({ workspaceId: wsA, app: "chat", name: "Ops", credentials: { token: "t-1234" } });
    await expect(createConnection({ workspaceId: wsA, app: "chat", name: "Ops", credentials: { token: "t-5678" } })).rejects.toThrow();
    await createConnection({ workspaceId: wsB, app: "chat", name: "Ops", credentials: { token: "t-5678" } });
  });

  it("refuses unknown apps, unsupported auth kinds and incomplete credentials without echoing values", async () => {
    await expect(createConnection({ workspaceId: wsA, app: "nope", name: "x" })).rejects.toThrow(InvalidConnectionError);
    await expect(createConnection({ workspaceId: wsA, app: "openai", name: "x", authKind: "basic" })).rejects.toThrow(/does not support basic/);
    const e = await createConnection({ workspaceId: wsA, app: "rmm", name: "x", credentials: { apiKey: "" } }).catch((x: Error) => x);
    expect((e as Error).message).toMatch(/^credentials\.apiKey: /);
  });

  it("a connection saved without credentials fails the step clearly", async () => {
    const c = await createConnection({ workspaceId: wsA, app: "rmm", name: "Pushed, not filled in" });
    const ctx = makeContext({ workspaceId: wsA, kind: "http", config: { url: `${server.url}/x`, connectionId: c.id } });
    await expect(executeHttp(ctx)).rejects.toThrow('app connection "Pushed, not filled in" (rmm) has no complete api_key credentials; set them on the connection');
  });

  it("the http step authenticates with its workspace's connection; another workspace's is not found", async () => {
    const c = await createConnection({ workspaceId: wsA, app: "password_manager", name: "Vault", baseUrl: server.url, credentials: { token: "vault-token-4242" } });
    const ok = await executeHttp(makeContext({ workspaceId: wsA, kind: "http", config: { url: `${server.url}/me`, connectionId: c.id } }));
    expect(ok.output).toMatchObject({ status: 200, body: { auth: "Bearer ••••" } });
    expect(server.requests.at(-1)?.headers.authorization).toBe("Bearer vault-token-4242");

    const foreign = await executeHttp(makeContext({ workspaceId: wsB, kind: "http", config: { url: `${server.url}/me`, connectionId: c.id } })).catch((x: unknown) => x);
    expect(foreign).toBeInstanceOf(StepError);
    expect((foreign as StepError).message).toBe(`the app account this step used was deleted (app connection ${c.id} is not in this workspace): choose another account for the step`);
  });

  it("the ai_prompt step uses the connection's base URL, key and default model", async () => {
    const c = await createConnection({ workspaceId: wsA, app: "openai", name: "Fake AI", baseUrl: ai.baseUrl, config: { defaultModel: "fake-1" }, credentials: { apiKey: "sk-int-secret-9" } });
    const { output } = await executeAiPrompt(makeContext({ workspaceId: wsA, kind: "ai_prompt", config: { connectionId: c.id, prompt: "ping" } }));
    expect(output).toMatchObject({ text: "Echo: ping", model: "fake-1" });
  });

  it("deleting a workspace deletes its connections", async () => {
    const ws = await db().workspace.create({ data: { name: "temp", kind: "provider" } });
    await createConnection({ workspaceId: ws.id, app: "http", name: "Any" });
    await db().workspace.delete({ where: { id: ws.id } });
    expect(await db().connection.count({ where: { workspaceId: ws.id } })).toBe(0);
  });
});
