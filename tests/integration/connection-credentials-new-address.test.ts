// An account's write-only credentials stay with the address they were entered for. Before, an
// editor (a provider technician in a client workspace too) could PATCH only the base URL, clear
// it, or move an OAuth token URL, and the next run — a test run included — sent the stored
// "Bearer <token>" or client_secret to the new host. Now such a PATCH is a 400 naming the field
// unless the credentials come with it, whole; the audit names the old and new origin. Runs go
// through the real web server and worker to two local receivers: the account's own system and
// another host.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { apiClient, type Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";
import { startLocalServer } from "../helpers/local-server";
import { eventually } from "../helpers/services";

let own: Awaited<ReturnType<typeof startLocalServer>>;
let other: Awaited<ReturnType<typeof startLocalServer>>;

// Both answer a token request with a token named after the host, and anything else with 200.
const receiver = (label: string) =>
  startLocalServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(req.url?.endsWith("/token") ? { access_token: `${label}-access`, expires_in: 3600 } : { ok: true }));
  });

beforeAll(async () => {
  [own, other] = await Promise.all([receiver("own"), receiver("other")]);
});
afterAll(async () => {
  await Promise.all([own?.close(), other?.close()]);
});
const { t, api, web } = startTestServer({ worker: true });

/** Everything the other host has received, headers and bodies, as one string. */
const seenByOther = () => JSON.stringify(other.requests);

async function account(body: Record<string, unknown>, ws = t.providerA.id, client = api): Promise<string> {
  const res = await client.post(`/api/v1/workspaces/${ws}/connections`, body);
  expect(res.status, res.body?.message).toBe(201);
  return res.body.connection.id;
}

/** A test run of a webhook + one HTTP Request on the account, through the worker, finished. */
async function testRun(connectionId: string, url: string, ws = t.providerA.id): Promise<Json> {
  const wf = await api.post(`/api/v1/workspaces/${ws}/workflows`, {
    name: `Call ${url}`,
    steps: [
      { kind: "webhook", name: "Alert", config: { testingData: { n: 1 } } },
      { kind: "http", name: "Call", config: { method: "GET", url, connectionId } },
    ],
  });
  expect(wf.status, wf.body?.message).toBe(201);
  const started = await api.post(`/api/v1/workflows/${wf.body.id}/steps/1/test`, { scope: "workflow" });
  expect(started.status, started.body?.message).toBe(201);
  return eventually(
    async () => {
      const r = await api.get(`/api/v1/runs/${started.body.run.id}`);
      return ["succeeded", "failed", "stopped"].includes(r.body.status) ? (r.body as Json) : null;
    },
    30_000,
    "the test run to finish",
  );
}

const auditOf = async (connectionId: string) =>
  (await db().auditEvent.findMany({ where: { action: "connection_updated" }, orderBy: { createdAt: "asc" } })).map((e) => e.details as Json).filter((d) => d.connectionId === connectionId);

describe("moving an account's credentials to a new address", () => {
  it("a base URL on another host, or none, is refused without the token; with a new one it is taken and only that one goes there", async () => {
    const id = await account({ app: "http", name: "Bearer acct", authKind: "bearer", baseUrl: `${own.url}/api`, credentials: { token: "stored-token-1" } });

    const moved = await api.patch(`/api/v1/connections/${id}`, { baseUrl: other.url });
    // The next test run sends the stored token to its own system, never to the other host.
    expect((await testRun(id, "/devices")).status).toBe("succeeded");
    expect(seenByOther()).not.toContain("stored-token-1");
    expect(own.requests.find((r) => r.url === "/api/devices")?.headers.authorization).toBe("Bearer stored-token-1");
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({
      error: "invalid_request",
      field: "baseUrl",
      from: own.url,
      to: other.url,
      message: `baseUrl: the credentials would go to ${other.url} instead of ${own.url}: enter the credentials again (token) to send them to a new address`,
    });
    const cleared = await api.patch(`/api/v1/connections/${id}`, { baseUrl: "" });
    expect(cleared.status).toBe(400);
    expect(cleared.body).toMatchObject({ field: "baseUrl", message: expect.stringContaining("without a base URL the credentials would go to any host a step names") });
    expect((await api.get(`/api/v1/connections/${id}`)).body.connection.baseUrl).toBe(`${own.url}/api`);

    // With its base URL kept, a complete URL on the other host fails instead of sending it there.
    const elsewhere = await testRun(id, `${other.url}/devices`);
    expect(elsewhere.status).toBe("failed");
    expect(seenByOther()).not.toContain("stored-token-1");

    // A new path on the same origin is the same system.
    expect((await api.patch(`/api/v1/connections/${id}`, { baseUrl: `${own.url}/v2` })).status).toBe(200);

    // With the credentials entered again, the new address is taken, and gets only those.
    const ok = await api.patch(`/api/v1/connections/${id}`, { baseUrl: other.url, credentials: { token: "new-token-2" } });
    expect(ok.status, ok.body?.message).toBe(200);
    expect(ok.body.connection).toMatchObject({ baseUrl: other.url, hasCredentials: true });
    expect((await testRun(id, "/devices")).status).toBe("succeeded");
    expect(other.requests.find((r) => r.url === "/devices")?.headers.authorization).toBe("Bearer new-token-2");
    expect(seenByOther()).not.toContain("stored-token-1");

    const audit = await auditOf(id);
    expect(audit.at(-2)).toMatchObject({ fields: ["baseUrl"] });
    expect(audit.at(-2)).not.toHaveProperty("destinations"); // the path change
    expect(audit.at(-1)).toMatchObject({ fields: ["baseUrl", "credentials"], destinations: [{ field: "baseUrl", from: own.url, to: other.url }] });
    expect(JSON.stringify(audit)).not.toContain("token-");
  }, 120_000);

  it("part of the credentials is not enough: the stored password would go along", async () => {
    const id = await account({ app: "psa", name: "PSA basic", baseUrl: own.url, credentials: { username: "api-user", password: "stored-pass-3" } });
    const partial = await api.patch(`/api/v1/connections/${id}`, { baseUrl: other.url, credentials: { username: "api-user" } });
    expect(partial.status).toBe(400);
    expect(partial.body).toMatchObject({ field: "baseUrl", message: expect.stringContaining("enter the credentials again (username, password)") });
    // Alone, a new password is still merged with the stored user name (same address).
    expect((await api.patch(`/api/v1/connections/${id}`, { credentials: { password: "rotated-pass-4" } })).status).toBe(200);
    expect((await testRun(id, "/tickets")).status).toBe("succeeded");
    expect(own.requests.find((r) => r.url === "/tickets")?.headers.authorization).toBe(`Basic ${Buffer.from("api-user:rotated-pass-4").toString("base64")}`);
  }, 120_000);

  it("an OAuth token URL on another host is refused without the client secret; with new credentials it is taken", async () => {
    const id = await account({
      app: "edr",
      name: "EDR oauth",
      baseUrl: own.url,
      config: { tokenUrl: `${own.url}/oauth2/token` },
      credentials: { clientId: "edr-client", clientSecret: "stored-secret-5" },
    });
    const moved = await api.patch(`/api/v1/connections/${id}`, { config: { tokenUrl: `${other.url}/token` } });
    expect((await testRun(id, "/alerts")).status).toBe("succeeded");
    expect(seenByOther()).not.toContain("stored-secret-5");
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({
      field: "config.tokenUrl",
      message: `config.tokenUrl: the client secret would be sent to ${other.url} instead of ${own.url}: enter the credentials again (clientId, clientSecret) to send them to a new address`,
    });
    expect((await api.get(`/api/v1/connections/${id}`)).body.connection.config).toEqual({ tokenUrl: `${own.url}/oauth2/token` });
    expect(own.requests.find((r) => r.url === "/oauth2/token")?.body).toContain("client_secret=stored-secret-5");
    expect(own.requests.find((r) => r.url === "/alerts")?.headers.authorization).toBe("Bearer own-access");

    // A new path at the same token endpoint's origin is the same system.
    expect((await api.patch(`/api/v1/connections/${id}`, { config: { tokenUrl: `${own.url}/v2/token` } })).status).toBe(200);

    const ok = await api.patch(`/api/v1/connections/${id}`, { config: { tokenUrl: `${other.url}/token` }, credentials: { clientId: "edr-client", clientSecret: "new-secret-6" } });
    expect(ok.status, ok.body?.message).toBe(200);
    expect((await testRun(id, "/alerts")).status).toBe("succeeded");
    expect(other.requests.find((r) => r.url === "/token")?.body).toContain("client_secret=new-secret-6");
    expect(seenByOther()).not.toContain("stored-secret-5");
    expect((await auditOf(id)).at(-1)).toMatchObject({ fields: ["config", "credentials"], destinations: [{ field: "config.tokenUrl", from: own.url, to: other.url }] });
  }, 120_000);

  it("a provider technician in a client workspace is held to the same rule", async () => {
    const admin = apiClient(web.baseUrl, t.clientAdmin.token);
    const id = await account({ app: "rmm", name: "Client RMM", baseUrl: own.url, credentials: { apiKey: "client-key-7" } }, t.clientA1.id, admin);
    const moved = await api.patch(`/api/v1/connections/${id}`, { baseUrl: other.url });
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({ field: "baseUrl" });
    expect((await api.get(`/api/v1/connections/${id}`)).body.connection.baseUrl).toBe(own.url);
  });

  it("an account holding no credentials, or without auth, moves freely", async () => {
    const none = await account({ app: "chat", name: "Chat hook", authKind: "none", baseUrl: own.url });
    expect((await api.patch(`/api/v1/connections/${none}`, { baseUrl: other.url })).status).toBe(200);
    const empty = await account({ app: "http", name: "No token yet", authKind: "bearer", baseUrl: own.url });
    expect((await api.patch(`/api/v1/connections/${empty}`, { baseUrl: other.url })).status).toBe(200);
  });
});
