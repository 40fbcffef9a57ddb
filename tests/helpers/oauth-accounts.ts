// Authorization-code accounts for the tests that need one against the fake OAuth provider
// (tests/fakes/oauth-provider.ts): made through the API, and connected as the browser does it.
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "@/tests/fakes/oauth-provider";
import { apiClient, type ApiClient, type Json } from "./api-fixtures";

export const OAUTH_CLIENT = { clientId: "msp-flow-client", clientSecret: "client-secret-9f2e" };

export const uniqueName = (what: string) => `${what} ${randomBytes(4).toString("hex")}`;

/** The settings of an account signing in at `fake`, for a create or a PATCH. */
export const oauthAccountConfig = (fake: FakeOAuthProvider, clientAuth: "body" | "basic" = "body") => ({
  authorizationUrl: `${fake.url}/authorize`,
  tokenUrl: `${fake.url}/token`,
  scope: "accounting.read offline_access",
  clientAuth,
});

/** A Generic HTTP account of kind oauth2_authorization_code in `workspaceId`, not connected yet. */
export async function createOAuthAccount(api: ApiClient, workspaceId: string, fake: FakeOAuthProvider, clientAuth: "body" | "basic" = "body"): Promise<Json> {
  const res = await api.post(`/api/v1/workspaces/${workspaceId}/connections`, {
    app: "http",
    name: uniqueName("Xero"),
    authKind: "oauth2_authorization_code",
    baseUrl: fake.url,
    config: oauthAccountConfig(fake, clientAuth),
    credentials: OAUTH_CLIENT,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.connection;
}

/** Connect as the browser does it: start, the provider's authorize page, then its redirect back. */
export async function startOAuthSignIn(baseUrl: string, token: string, connectionId: string) {
  const start = await apiClient(baseUrl, token).post(`/api/v1/connections/${connectionId}/oauth/start`);
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const authorize = await fetch(start.body.authorizeUrl, { redirect: "manual" });
  expect(authorize.status).toBe(302);
  return { start: start.body, callbackUrl: authorize.headers.get("location") ?? "" };
}

/** The provider's redirect back, followed by the signed-in browser of `token`'s user. */
export async function oauthCallback(url: string, token: string) {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), text: await res.text() };
}

/** Connect, start to end; the callback must succeed. */
export async function connectOAuthAccount(baseUrl: string, token: string, connectionId: string) {
  const { callbackUrl } = await startOAuthSignIn(baseUrl, token, connectionId);
  const done = await oauthCallback(callbackUrl, token);
  expect(done.status, done.text).toBe(303);
  return done;
}

/** A connected account (its token has an hour left) on a provider of its own, which goes into
 *  `fakes` for the test file to close; `first` is the access token the Connect got. */
export async function connectedOAuthAccount(api: ApiClient, baseUrl: string, workspaceId: string, token: string, fakes: FakeOAuthProvider[]) {
  const fake = await startFakeOAuthProvider(OAUTH_CLIENT);
  fakes.push(fake);
  const account = await createOAuthAccount(api, workspaceId, fake);
  await connectOAuthAccount(baseUrl, token, account.id);
  return { fake, account, first: fake.state.latestAccessToken };
}
