// An account's config and credentials take only the keys its auth kind reads: a misspelt one is a
// 400 naming it (POST and PATCH), never stored — stored, `headerNmae` made the HTTP step send the
// key under the default header. Every app with every auth kind it offers still saves.
import { describe, expect, it } from "vitest";
import { APP_CATALOG } from "@/lib/connections/app-catalog";
import { CONFIG_KEYS, credentialSchemas } from "@/lib/connections/connection-auth";
import { db } from "@/lib/db/client";
import { startTestServer } from "../helpers/api-server";

const { t, api } = startTestServer();

const create = (body: Record<string, unknown>) => api.post(`/api/v1/workspaces/${t.providerA.id}/connections`, body);
const count = (name: string) => db().connection.count({ where: { workspaceId: t.providerA.id, name } });

describe("misspelt or foreign keys in config and credentials", () => {
  it("POST: a misspelt credential or config key is a 400 naming it, and nothing is stored", async () => {
    const typoCred = await create({ app: "http", name: "Typo cred", authKind: "api_key", credentials: { apiKey: "k-secret-1", tokne: "x" }, config: { headerName: "X-Custom-Key" } });
    expect(typoCred.status).toBe(400);
    expect(typoCred.body).toMatchObject({ error: "invalid_request", field: "credentials.tokne", message: expect.stringMatching(/^credentials\.tokne: unknown field/) });
    const typoConfig = await create({ app: "http", name: "Typo config", authKind: "api_key", credentials: { apiKey: "k-secret-1" }, config: { headerNmae: "X-Custom-Key" } });
    expect(typoConfig.status).toBe(400);
    expect(typoConfig.body).toMatchObject({ error: "invalid_request", field: "config.headerNmae" });
    const foreign = await create({ app: "http", name: "Foreign", authKind: "api_key", credentials: { apiKey: "k-secret-1" }, config: { tokenUrl: "https://login.example.test/token" } });
    expect(foreign.body).toMatchObject({ field: "config.tokenUrl", message: expect.stringContaining("not a setting of api_key auth") });
    expect(JSON.stringify([typoCred.body, typoConfig.body, foreign.body])).not.toContain("k-secret-1");
    expect(await count("Typo cred") + await count("Typo config") + await count("Foreign")).toBe(0);
  });

  it("PATCH: the same, and the stored account is unchanged", async () => {
    const made = await create({ app: "directory", name: "Graph", credentials: { clientId: "cid", clientSecret: "cs-secret-2" } });
    expect(made.status).toBe(201);
    const { id, config } = made.body.connection;
    const typoConfig = await api.patch(`/api/v1/connections/${id}`, { config: { tokenUrll: "https://x.example.test" } });
    expect(typoConfig.status).toBe(400);
    expect(typoConfig.body).toMatchObject({ field: "config.tokenUrll" });
    const typoCred = await api.patch(`/api/v1/connections/${id}`, { credentials: { clientId: "cid", clientSecret: "cs-2", extra: "x" } });
    expect(typoCred.body).toMatchObject({ field: "credentials.extra" });
    // A new auth kind is checked against its own keys.
    const kindConfig = await api.patch(`/api/v1/connections/${id}`, { authKind: "bearer", credentials: { token: "t-3" }, config: { tokenUrl: "https://other.example.test/token" } });
    expect(kindConfig.body).toMatchObject({ field: "config.tokenUrl", message: expect.stringContaining("bearer auth takes no config") });
    expect((await api.get(`/api/v1/connections/${id}`)).body.connection).toMatchObject({ authKind: "oauth2_client_credentials", config, updatedAt: made.body.connection.updatedAt });
    // What the account's kind reads is still taken.
    const ok = await api.patch(`/api/v1/connections/${id}`, { config: { ...config, clientAuth: "basic" } });
    expect(ok.status).toBe(200);
    expect(ok.body.connection.config).toEqual({ ...config, clientAuth: "basic" });
  });

  it("an account created on another auth kind than the app's starts without the default kind's settings", async () => {
    const edr = await create({ app: "edr", name: "EDR by key", authKind: "api_key", credentials: { apiKey: "edr-key-4" } });
    expect(edr.status).toBe(201);
    expect(edr.body.connection.config).toEqual({});
    // So its read, sent back with a new name, passes.
    expect((await api.patch(`/api/v1/connections/${edr.body.connection.id}`, { name: "EDR (key)", config: edr.body.connection.config })).status).toBe(200);
  });

  it("every app saves with every auth kind it offers, its own config keys and credentials", async () => {
    for (const app of APP_CATALOG) {
      for (const kind of app.authKinds) {
        const config = Object.fromEntries(CONFIG_KEYS[kind].map((k) => [k, k === "headerName" ? "X-Key" : k === "clientAuth" ? "body" : k === "keyHeader" ? "api-key" : k === "authorizeParams" ? { prompt: "consent" } : "v"]));
        const credentials = Object.fromEntries(Object.keys(credentialSchemas[kind].shape).map((k) => [k, "value-5"]));
        const res = await create({ app: app.key, name: `All ${kind}`, authKind: kind, config, credentials });
        expect(res.status, `${app.key} ${kind}: ${res.body?.message}`).toBe(201);
        expect(res.body.connection.config).toEqual(config);
      }
    }
  });
});

describe("how an AI account sends its key (config.keyHeader)", () => {
  it("takes Authorization (default) or api-key (Azure OpenAI), returns it, refuses anything else and keeps Bearer for accounts without it", async () => {
    const plain = await create({ app: "openai", name: "OpenAI", baseUrl: "https://api.openai.com/v1", credentials: { apiKey: "sk-kh-1" } });
    expect(plain.status).toBe(201);
    expect(plain.body.connection.config).toEqual({ defaultModel: "gpt-4o-mini" });
    const azure = await create({ app: "openai", name: "Azure", baseUrl: "https://contoso.openai.azure.com/openai/deployments/gpt4o?api-version=2024-06-01", credentials: { apiKey: "az-kh-2" }, config: { keyHeader: "api-key" } });
    expect(azure.status).toBe(201);
    expect(azure.body.connection.config).toEqual({ keyHeader: "api-key" });
    expect((await api.get(`/api/v1/connections/${azure.body.connection.id}`)).body.connection.config).toEqual({ keyHeader: "api-key" });

    const bad = await create({ app: "openai", name: "Bad header", credentials: { apiKey: "az-kh-3" }, config: { keyHeader: "x-api-key" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "invalid_request", field: "config.keyHeader" });
    expect(bad.body.message).toMatch(/authorization|api-key/);
    expect(await count("Bad header")).toBe(0);
    // Not a setting of another auth kind.
    const foreign = await create({ app: "http", name: "Foreign key header", authKind: "api_key", credentials: { apiKey: "k-kh-4" }, config: { keyHeader: "api-key" } });
    expect(foreign.body).toMatchObject({ field: "config.keyHeader", message: expect.stringContaining("not a setting of api_key auth") });

    // PATCH switches an existing account over and back (null removes it: Bearer again).
    const id = plain.body.connection.id;
    const on = await api.patch(`/api/v1/connections/${id}`, { config: { keyHeader: "api-key" } });
    expect(on.status).toBe(200);
    expect(on.body.connection.config).toEqual({ defaultModel: "gpt-4o-mini", keyHeader: "api-key" });
    expect((await api.patch(`/api/v1/connections/${id}`, { config: { keyHeader: "bearer" } })).body).toMatchObject({ field: "config.keyHeader" });
    const off = await api.patch(`/api/v1/connections/${id}`, { config: { keyHeader: null } });
    expect(off.body.connection.config).toEqual({ defaultModel: "gpt-4o-mini" });
    // An account's read posted to another workspace carries the choice (config is copied).
    const copy = await api.post(`/api/v1/workspaces/${t.clientA1.id}/connections`, azure.body.connection);
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect(copy.body.connection.config).toEqual({ keyHeader: "api-key" });
  });
});

describe("a template setting (Entra's token URL names the tenant)", () => {
  const template = "https://login.microsoftonline.com/<tenant-id>/oauth2/v2.0/token";
  const real = "https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token";

  it("is never stored: sent, it is a 400 naming the field; left out, the account starts without it", async () => {
    const sent = await create({ app: "directory", name: "Templated", credentials: { clientId: "cid", clientSecret: "cs-secret-6" }, config: { tokenUrl: template } });
    expect(sent.status).toBe(400);
    expect(sent.body).toMatchObject({ error: "invalid_request", field: "config.tokenUrl", message: "config.tokenUrl: still holds the placeholder <tenant-id>: replace it with your own value" });
    expect(await count("Templated")).toBe(0);

    const bare = await create({ app: "directory", name: "No settings sent", credentials: { clientId: "cid", clientSecret: "cs-secret-7" } });
    expect(bare.status).toBe(201);
    expect(bare.body.connection.config).toEqual({ scope: "https://graph.microsoft.com/.default" });
  });

  it("PATCH: refused the same way, and a real token URL is taken", async () => {
    const made = await create({ app: "directory", name: "Graph tenant", credentials: { clientId: "cid", clientSecret: "cs-secret-8" }, config: { tokenUrl: real } });
    expect(made.status).toBe(201);
    const id = made.body.connection.id;
    const refused = await api.patch(`/api/v1/connections/${id}`, { config: { tokenUrl: template, scope: "https://graph.microsoft.com/.default" } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: "config.tokenUrl" });
    expect((await api.get(`/api/v1/connections/${id}`)).body.connection.config).toEqual({ tokenUrl: real });
    const ok = await api.patch(`/api/v1/connections/${id}`, { config: { tokenUrl: real, audience: "https://graph.microsoft.com" } });
    expect(ok.status).toBe(200);
    expect(ok.body.connection.config).toEqual({ tokenUrl: real, audience: "https://graph.microsoft.com" });
  });
});
