// oauth2_authorization_code accounts end to end over real HTTP: Connect (state + PKCE) against a
// fake provider, steps sending its access token, the refresh before expiry with the rotated
// refresh token stored, two refreshes at once serialised on the account's row, a refused
// refresh marking the account "needs reconnecting", states refused when wrong, used, expired or
// another user's, and no token in any API answer.
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { getConnectionCredentials } from "@/lib/connections/get-connection-credentials";
import { fetchAuthorizationCodeToken } from "@/lib/connections/oauth/fetch-authorization-code-token";
import { db } from "@/lib/db/client";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "@/tests/fakes/oauth-provider";
import { apiClient, type ApiClient, type Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";
import { connectOAuthAccount, createOAuthAccount, OAUTH_CLIENT as client, oauthCallback, startOAuthSignIn, uniqueName as unique } from "../helpers/oauth-accounts";
import { testHttpWorkflow } from "../helpers/test-http-workflow";

const { t, api, web } = startTestServer({ worker: true });
const fakes: FakeOAuthProvider[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

async function provider(): Promise<FakeOAuthProvider> {
  const fake = await startFakeOAuthProvider(client);
  fakes.push(fake);
  return fake;
}

const createAccount = (fake: FakeOAuthProvider, clientAuth: "body" | "basic" = "body"): Promise<Json> => createOAuthAccount(api, t.providerA.id, fake, clientAuth);
const signIn = (connectionId: string, as: { token: string } = t.editor) => startOAuthSignIn(web.baseUrl, as.token, connectionId);
const callback = (url: string, as: { token: string } = t.editor) => oauthCallback(url, as.token);
const connect = (connectionId: string) => connectOAuthAccount(web.baseUrl, t.editor.token, connectionId);

const runWith = (connectionId: string, name = unique("call provider")) =>
  testHttpWorkflow(api, t.providerA.id, name, { kind: "http", name: "Who am I", config: { method: "GET", url: "/api/me", connectionId } }, 60_000);

const readAccount = async (id: string, as: ApiClient = api) => (await as.get(`/api/v1/connections/${id}`)).body.connection;
const listed = async (id: string) => ((await api.get(`/api/v1/workspaces/${t.providerA.id}/connections`)).body.connections as Json[]).find((c) => c.id === id);
const meCalls = (fake: FakeOAuthProvider) => fake.requests.filter((r) => r.url === "/api/me");

/** A connected account whose access token is already within its last minute: its next use refreshes. */
async function connectedNeedingRefresh(clientAuth: "body" | "basic" = "body") {
  const fake = await provider();
  fake.state.accessTtlSec = 30; // every token issued is already "about to expire"
  const account = await createAccount(fake, clientAuth);
  await connect(account.id);
  return { fake, account };
}

describe("an OAuth 2.0 authorization-code account", () => {
  it("connects through the provider's sign-in and its steps send the access token; no token is ever shown", async () => {
    const fake = await provider();
    const account = await createAccount(fake);
    expect(account.oauth).toEqual({ status: "not_connected", connectedAt: null });
    const { start, callbackUrl } = await signIn(account.id);
    expect(start.redirectUri).toBe(`${web.baseUrl}/api/v1/connections/oauth/callback`);
    const authorize = new URL(start.authorizeUrl);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({ response_type: "code", client_id: client.clientId, redirect_uri: start.redirectUri, scope: "accounting.read offline_access", code_challenge_method: "S256" });
    const done = await callback(callbackUrl);
    expect(done.status, done.text).toBe(303);
    expect(done.location).toBe(`${web.baseUrl}/w/${t.providerA.id}/connections?connected=${account.id}`);
    const read = await readAccount(account.id);
    expect(read.oauth.status).toBe("connected");
    expect(Date.parse(read.oauth.connectedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await listed(account.id)).oauth.status).toBe("connected");

    const { run, step } = await runWith(account.id);
    expect(run.status, JSON.stringify(step)).toBe("succeeded");
    expect(step.output.body).toEqual({ user: "tech@provider.example" });
    expect(meCalls(fake).at(-1)?.headers.authorization).toBe(`Bearer ${fake.state.latestAccessToken}`);
    expect(fake.state.refreshes).toEqual([]); // an hour left: no refresh

    const answers = JSON.stringify([read, await listed(account.id), run, step, (await api.get(`/api/v1/runs/${run.id}`)).body]);
    for (const secret of [fake.state.latestAccessToken, fake.state.latestRefreshToken, client.clientSecret]) expect(answers).not.toContain(secret);
  });

  it("sends the account's extra authorize parameters (Google's access_type and prompt, a resource) to the provider, and refuses ones it cannot take", async () => {
    const fake = await provider();
    const config = { authorizationUrl: `${fake.url}/authorize`, tokenUrl: `${fake.url}/token`, scope: "openid" };
    const create = (authorizeParams: Json) =>
      api.post(`/api/v1/workspaces/${t.providerA.id}/connections`, { app: "http", name: unique("Google"), authKind: "oauth2_authorization_code", baseUrl: fake.url, config: { ...config, authorizeParams }, credentials: client });
    const extra = { access_type: "offline", prompt: "consent", resource: "https://api.example.com/ a&b" };
    const made = await create(extra);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.connection.config.authorizeParams).toEqual(extra);
    await connect(made.body.connection.id);
    const seen = new URL(fake.requests.filter((r) => r.url.startsWith("/authorize")).at(-1)!.url, fake.url).searchParams;
    expect(Object.fromEntries(seen)).toMatchObject({ ...extra, scope: "openid", response_type: "code", code_challenge_method: "S256" });
    expect((await readAccount(made.body.connection.id)).oauth.status).toBe("connected");

    // The service's own parameters cannot be replaced; names, values and count are bounded.
    for (const [params, message] of [
      [{ redirect_uri: "https://attacker.example/cb" }, /redirect_uri is set by the service itself/],
      [{ State: "x" }, /State is set by the service itself/],
      [{ "bad name": "x" }, /a parameter name is 1 to 64 letters/],
      [{ resource: "x".repeat(513) }, /at most 512 characters/],
      [Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`p${i}`, "1"])), /at most 10 parameters/],
    ] as const) {
      const refused = await create(params);
      expect(refused.status, JSON.stringify(params)).toBe(400);
      expect(JSON.stringify(refused.body)).toMatch(message);
    }
  });

  it("refreshes a token within a minute of expiry and stores the rotated refresh token (client auth by HTTP Basic)", async () => {
    const { fake, account } = await connectedNeedingRefresh("basic");
    const first = fake.state.latestRefreshToken;
    const one = await runWith(account.id);
    expect(one.run.status, JSON.stringify(one.step)).toBe("succeeded");
    expect(fake.state.refreshes).toEqual([{ refreshToken: first, status: 200 }]);
    const rotated = fake.state.latestRefreshToken;
    expect(meCalls(fake).at(-1)?.headers.authorization).toBe(`Bearer ${fake.state.latestAccessToken}`);
    const two = await runWith(account.id);
    expect(two.run.status, JSON.stringify(two.step)).toBe("succeeded");
    // The second refresh spent the rotated token: the first one is single-use at the provider.
    expect(fake.state.refreshes).toEqual([{ refreshToken: first, status: 200 }, { refreshToken: rotated, status: 200 }]);
    expect((await readAccount(account.id)).oauth.status).toBe("connected");
  });

  it("refreshes once when two users of the account need a new token at the same moment", async () => {
    const { fake, account } = await connectedNeedingRefresh();
    fake.state.accessTtlSec = 3600;
    fake.state.refreshDelayMs = 400;
    const c = await getConnectionCredentials({ connectionId: account.id, workspaceId: t.providerA.id });
    const tokens = await Promise.all([fetchAuthorizationCodeToken({ connection: c }), fetchAuthorizationCodeToken({ connection: c })]);
    expect(tokens[0]).toBe(tokens[1]);
    expect(fake.state.refreshes).toHaveLength(1);
    expect(fake.state.refreshes[0].status).toBe(200);
  });

  it("two runs at once both succeed on one refresh", async () => {
    const { fake, account } = await connectedNeedingRefresh();
    fake.state.accessTtlSec = 3600;
    fake.state.refreshDelayMs = 400;
    const runs = await Promise.all([runWith(account.id), runWith(account.id)]);
    expect(runs.map((r) => r.run.status)).toEqual(["succeeded", "succeeded"]);
    expect(fake.state.refreshes).toHaveLength(1);
    expect((await readAccount(account.id)).oauth.status).toBe("connected");
  });

  it("needs reconnecting once the provider refuses its refresh token, and a new Connect mends it", async () => {
    const { fake, account } = await connectedNeedingRefresh();
    fake.revokeRefreshTokens();
    const { run, step } = await runWith(account.id);
    expect(run.status).toBe("failed");
    expect(JSON.stringify(step)).toContain(`account \\"${account.name}\\" must be reconnected: the provider refused its refresh token (invalid_grant)`);
    expect((await readAccount(account.id)).oauth.status).toBe("needs_reconnect");
    expect((await listed(account.id)).oauth.status).toBe("needs_reconnect");
    // A run after that fails the same way without asking the provider again.
    const again = await runWith(account.id);
    expect(again.run.status).toBe("failed");
    expect(fake.state.refreshes).toHaveLength(1);
    await connect(account.id);
    expect((await readAccount(account.id)).oauth.status).toBe("connected");
  });

  it("refuses a state that is unknown, used, expired or answered with the provider's error, storing nothing", async () => {
    const fake = await provider();
    const account = await createAccount(fake);
    const unknown = await callback(`${web.baseUrl}/api/v1/connections/oauth/callback?state=${randomBytes(16).toString("hex")}&code=x`);
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain("this sign-in is unknown or was started by someone else");

    fake.state.decision = "deny";
    const denied = await callback((await signIn(account.id)).callbackUrl);
    expect(denied.status).toBe(400);
    expect(denied.text).toContain("the provider did not connect the account: The user cancelled the sign-in");
    fake.state.decision = "approve";

    const late = await signIn(account.id);
    await db().oAuthConnectState.updateMany({ where: { connectionId: account.id, usedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await callback(late.callbackUrl);
    expect(expired.status).toBe(400);
    expect(expired.text).toContain("this sign-in expired");
    expect((await readAccount(account.id)).oauth.status).toBe("not_connected");

    const { callbackUrl } = await signIn(account.id);
    expect((await callback(callbackUrl)).status).toBe(303);
    const replay = await callback(callbackUrl);
    expect(replay.status).toBe(400);
    expect(replay.text).toContain("this sign-in was already used");
  });

  it("cannot be connected or completed by a user of another workspace", async () => {
    const fake = await provider();
    const account = await createAccount(fake);
    const outsider = apiClient(web.baseUrl, t.outsider.token);
    expect((await outsider.post(`/api/v1/connections/${account.id}/oauth/start`)).status).toBe(404);
    const { callbackUrl } = await signIn(account.id);
    const foreign = await callback(callbackUrl, t.outsider);
    expect(foreign.status).toBe(400);
    expect(foreign.text).toContain("started by someone else");
    expect((await db().connection.findUniqueOrThrow({ where: { id: account.id } })).oauthTokensEncrypted).toBeNull();
    // A viewer of the workspace cannot start one either.
    expect((await apiClient(web.baseUrl, t.viewer.token).post(`/api/v1/connections/${account.id}/oauth/start`)).status).toBe(403);
    // The state was not spent by the foreign attempt: its own user still completes it.
    expect((await callback(callbackUrl)).status).toBe(303);
  });
});
