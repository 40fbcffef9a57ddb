// PATCH /api/v1/connections/{id} merges `config` key by key, as it merges credentials: a key left
// out keeps its stored value (a Directory account sent only a new tokenUrl keeps its scope), a key
// sent as null is removed, and a null for a key the account's auth kind does not take, or one it
// requires (an OAuth token URL), is a 400 naming it. A GET's config sent back whole changes nothing.
import { describe, expect, it } from "vitest";
import { startTestServer } from "../helpers/api-server";

const { t, api } = startTestServer();

const TOKEN_URL = "https://login.example.test/tenant-a/oauth2/v2.0/token";

async function directoryAccount(name: string) {
  const res = await api.post(`/api/v1/workspaces/${t.providerA.id}/connections`, {
    app: "directory",
    name,
    authKind: "oauth2_client_credentials",
    config: { tokenUrl: TOKEN_URL, scope: "https://graph.example.test/.default", audience: "graph" },
    credentials: { clientId: "client-1", clientSecret: "secret-1" },
  });
  expect(res.status).toBe(201);
  return res.body.connection as { id: string; config: Record<string, unknown> };
}

describe("PATCH config", () => {
  it("keeps the keys left out and changes the ones sent", async () => {
    const c = await directoryAccount("Graph merge");
    const res = await api.patch(`/api/v1/connections/${c.id}`, { config: { tokenUrl: "https://login.example.test/tenant-a/oauth2/v2.1/token" } });
    expect(res.status).toBe(200);
    expect(res.body.connection.config).toEqual({ tokenUrl: "https://login.example.test/tenant-a/oauth2/v2.1/token", scope: "https://graph.example.test/.default", audience: "graph" });
    expect((await api.get(`/api/v1/connections/${c.id}`)).body.connection.config).toEqual(res.body.connection.config);
    expect(res.body.connection.hasCredentials).toBe(true);
  });

  it("removes a key sent as null; refuses a null for a key the auth kind does not take", async () => {
    const c = await directoryAccount("Graph remove");
    const res = await api.patch(`/api/v1/connections/${c.id}`, { config: { audience: null, clientAuth: "basic" } });
    expect(res.status).toBe(200);
    expect(res.body.connection.config).toEqual({ tokenUrl: TOKEN_URL, scope: "https://graph.example.test/.default", clientAuth: "basic" });
    const typo = await api.patch(`/api/v1/connections/${c.id}`, { config: { scpoe: null } });
    expect(typo.status).toBe(400);
    expect(typo.body).toMatchObject({ error: "invalid_request", field: "config.scpoe" });
    const bad = await api.patch(`/api/v1/connections/${c.id}`, { config: { scope: 42 } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: "config.scope" });
    expect((await api.get(`/api/v1/connections/${c.id}`)).body.connection.config).toEqual(res.body.connection.config);
  });

  it("refuses a null for the token URL the auth kind requires, keeping it (the Edit form could then save nothing)", async () => {
    const c = await directoryAccount("Graph keep token URL");
    const res = await api.patch(`/api/v1/connections/${c.id}`, { config: { tokenUrl: null } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "invalid_request", field: "config.tokenUrl" });
    expect(res.body.message).toMatch(/required.*changed but not removed/);
    const blank = await api.patch(`/api/v1/connections/${c.id}`, { config: { tokenUrl: " " } });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ field: "config.tokenUrl" });
    expect((await api.get(`/api/v1/connections/${c.id}`)).body.connection.config.tokenUrl).toBe(TOKEN_URL);
    // The same token URL sent again is not a new address for the stored secret.
    const again = await api.patch(`/api/v1/connections/${c.id}`, { config: { tokenUrl: TOKEN_URL } });
    expect(again.status).toBe(200);
  });

  it("a GET sent back whole changes nothing", async () => {
    const c = await directoryAccount("Graph read back");
    const read = (await api.get(`/api/v1/connections/${c.id}`)).body.connection;
    const res = await api.patch(`/api/v1/connections/${c.id}`, { ...read, name: "Graph read back 2" });
    expect(res.status).toBe(200);
    expect(res.body.connection.config).toEqual(read.config);
  });
});
