// An authorization-code account whose access token the provider revokes before its stored expiry
// (a password reset, an admin's revoke): a step answered 401 refreshes the token under the
// account's row lock and tries once more — once per revoked token, however many runs met it —; a
// refused refresh marks the account "needs reconnecting"; a provider that keeps answering 401 gets
// one retry, not a loop. Over real HTTP against the fake provider.
import { afterEach, describe, expect, it } from "vitest";
import { getConnectionCredentials } from "@/lib/connections/get-connection-credentials";
import { fetchAuthorizationCodeToken } from "@/lib/connections/oauth/fetch-authorization-code-token";
import type { FakeOAuthProvider } from "@/tests/fakes/oauth-provider";
import { startTestServer } from "../helpers/api-server";
import { connectedOAuthAccount, uniqueName } from "../helpers/oauth-accounts";
import { testHttpWorkflow } from "../helpers/test-http-workflow";

const { t, api, web } = startTestServer({ worker: true });
const fakes: FakeOAuthProvider[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

const connected = () => connectedOAuthAccount(api, web.baseUrl, t.providerA.id, t.editor.token, fakes);

const runWith = (connectionId: string) =>
  testHttpWorkflow(api, t.providerA.id, uniqueName("call provider"), { kind: "http", name: "Who am I", config: { method: "GET", url: "/api/me", connectionId } }, 60_000);
const sentTokens = (fake: FakeOAuthProvider) => fake.requests.filter((r) => r.url === "/api/me").map((r) => r.headers.authorization);
const status = async (id: string) => (await api.get(`/api/v1/connections/${id}`)).body.connection.oauth.status;

describe("an authorization-code account whose access token was revoked early", () => {
  it("refreshes on the step's 401 and succeeds on the one retry", async () => {
    const { fake, account, first } = await connected();
    fake.revokeAccessTokens();
    const { run, step } = await runWith(account.id);
    expect(run.status, JSON.stringify(step)).toBe("succeeded");
    expect(step.output.body).toEqual({ user: "tech@provider.example" });
    expect(fake.state.refreshes).toHaveLength(1);
    expect(sentTokens(fake)).toEqual([`Bearer ${first}`, `Bearer ${fake.state.latestAccessToken}`]);
    expect(JSON.stringify(step.logs ?? step)).toContain("fetching a new token and retrying once");
    expect(await status(account.id)).toBe("connected");
    // The new token was stored: the next run uses it without asking the provider again.
    expect((await runWith(account.id)).run.status).toBe("succeeded");
    expect(fake.state.refreshes).toHaveLength(1);
  });

  it("refreshes once when two runs meet the same revoked token", async () => {
    const { fake, account } = await connected();
    fake.revokeAccessTokens();
    fake.state.refreshDelayMs = 400;
    const runs = await Promise.all([runWith(account.id), runWith(account.id)]);
    expect(runs.map((r) => r.run.status)).toEqual(["succeeded", "succeeded"]);
    expect(fake.state.refreshes).toHaveLength(1);
  });

  it("does not refresh again for a 401 to a token another run has already replaced", async () => {
    const { fake, account, first } = await connected();
    fake.revokeAccessTokens();
    const c = await getConnectionCredentials({ connectionId: account.id, workspaceId: t.providerA.id });
    const renewed = await fetchAuthorizationCodeToken({ connection: c, rejectedToken: first });
    expect(renewed).not.toBe(first);
    expect(fake.state.refreshes).toHaveLength(1);
    // A slower run whose request also carried the revoked token takes the stored new one.
    expect(await fetchAuthorizationCodeToken({ connection: c, rejectedToken: first })).toBe(renewed);
    expect(fake.state.refreshes).toHaveLength(1);
  });

  it("needs reconnecting when the refresh after a 401 is refused (invalid_grant)", async () => {
    const { fake, account } = await connected();
    fake.revokeAccessTokens();
    fake.revokeRefreshTokens();
    const { run, step } = await runWith(account.id);
    expect(run.status).toBe("failed");
    expect(step.error).toContain(`account "${account.name}" must be reconnected: the provider refused its refresh token (invalid_grant)`);
    expect(await status(account.id)).toBe("needs_reconnect");
  });

  it("tries once more, not again and again, when the provider keeps answering 401", async () => {
    const { fake, account } = await connected();
    fake.state.apiRefusesAll = true;
    const { run, step } = await runWith(account.id);
    expect(run.status).toBe("failed");
    expect(step.error).toMatch(/^HTTP 401 from GET /);
    expect(sentTokens(fake)).toHaveLength(2);
    expect(fake.state.refreshes).toHaveLength(1);
    expect(await status(account.id)).toBe("connected");
  });
});
