// Editing an authorization-code account: a new client ID, authorization URL, token URL or scope
// gives its tokens another owner, so the edit clears them and any sign-in in progress — the account
// reads Not connected and its steps say so instead of sending the old client's token —; a rename,
// a new client secret, client auth or extra authorize parameters keep it connected.
import { afterEach, describe, expect, it } from "vitest";
import type { FakeOAuthProvider } from "@/tests/fakes/oauth-provider";
import type { Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";
import { connectedOAuthAccount, createOAuthAccount, OAUTH_CLIENT, oauthCallback, startOAuthSignIn, uniqueName } from "../helpers/oauth-accounts";
import { testHttpWorkflow } from "../helpers/test-http-workflow";

const { t, api, web } = startTestServer({ worker: true });
const fakes: FakeOAuthProvider[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

const connected = () => connectedOAuthAccount(api, web.baseUrl, t.providerA.id, t.editor.token, fakes);

const patch = async (id: string, body: Json) => {
  const res = await api.patch(`/api/v1/connections/${id}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.connection;
};
const runWith = (connectionId: string) =>
  testHttpWorkflow(api, t.providerA.id, uniqueName("call provider"), { kind: "http", name: "Who am I", config: { method: "GET", url: "/api/me", connectionId } }, 60_000);
const apiCalls = (fake: FakeOAuthProvider) => fake.requests.filter((r) => r.url === "/api/me").length;

describe("editing an authorization-code account", () => {
  const owners: [string, (fake: FakeOAuthProvider) => Json][] = [
    ["client ID", () => ({ credentials: { clientId: "another-client" } })],
    ["authorization URL", (fake) => ({ config: { authorizationUrl: `${fake.url}/authorize?tenant=other` } })],
    ["token URL", (fake) => ({ config: { tokenUrl: `${fake.url}/token?tenant=other` } })],
    ["scope", () => ({ config: { scope: "accounting.write offline_access" } })],
  ];
  for (const [what, change] of owners) {
    it(`disconnects it when the ${what} changes: Not connected, and its steps say so without calling the provider`, async () => {
      const { fake, account } = await connected();
      const edited = await patch(account.id, change(fake));
      expect(edited.oauth).toEqual({ status: "not_connected", connectedAt: null });
      expect((await api.get(`/api/v1/connections/${account.id}`)).body.connection.oauth.status).toBe("not_connected");
      const calls = apiCalls(fake);
      const { run, step } = await runWith(account.id);
      expect(run.status).toBe("failed");
      expect(step.error).toContain(`account "${account.name}" is not connected`);
      expect(apiCalls(fake)).toBe(calls);
      const audit = (await api.get(`/api/v1/workspaces/${t.providerA.id}/audit?what=resources&limit=20`)).body.events as Json[];
      expect(audit.find((e) => e.action === "connection_updated" && e.details.connectionId === account.id)?.details.disconnected).toBe(true);
    });
  }

  it("keeps it connected through a rename, a new client secret, client auth or extra authorize parameters", async () => {
    const { account } = await connected();
    const edited = await patch(account.id, {
      name: uniqueName("Renamed"),
      credentials: { clientSecret: OAUTH_CLIENT.clientSecret },
      config: { clientAuth: "basic", authorizeParams: { prompt: "consent" } },
    });
    expect(edited.oauth.status).toBe("connected");
    const { run, step } = await runWith(account.id);
    expect(run.status, JSON.stringify(step)).toBe("succeeded");
  });

  it("does not store a sign-in begun before the scope changed", async () => {
    const { fake } = await connected();
    const account = await createOAuthAccount(api, t.providerA.id, fake);
    const { callbackUrl } = await startOAuthSignIn(web.baseUrl, t.editor.token, account.id);
    await patch(account.id, { config: { scope: "accounting.write" } });
    const done = await oauthCallback(callbackUrl, t.editor.token);
    expect(done.status).toBe(400);
    expect((await api.get(`/api/v1/connections/${account.id}`)).body.connection.oauth.status).toBe("not_connected");
  });
});
