// Connect on an OAuth authorization-code account takes two requests, minutes apart: the start
// (editors: a viewer's is 403) and the provider's redirect back to the callback. The role is
// checked again at the callback, so an editor made a viewer — or removed — while signing in at
// the provider cannot complete it: a 400 page saying so, no token stored, the sign-in spent.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "@/tests/fakes/oauth-provider";
import { apiClient, createUser } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";
import { createOAuthAccount, OAUTH_CLIENT, oauthCallback, startOAuthSignIn } from "../helpers/oauth-accounts";

const { t, api, web } = startTestServer();
const fakes: FakeOAuthProvider[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

async function signInStartedByNewEditor() {
  const fake = await startFakeOAuthProvider(OAUTH_CLIENT);
  fakes.push(fake);
  const account = await createOAuthAccount(api, t.providerA.id, fake);
  const editor = await createUser([{ workspaceId: t.providerA.id, role: "editor" }]);
  const { callbackUrl } = await startOAuthSignIn(web.baseUrl, editor.token, account.id);
  return { fake, account, editor, callbackUrl };
}

const tokensOf = async (id: string) => (await db().connection.findUniqueOrThrow({ where: { id } })).oauthTokensEncrypted;

describe("the OAuth callback checks the role again", () => {
  it("an editor made a viewer while at the provider's sign-in cannot complete Connect", async () => {
    const { fake, account, editor, callbackUrl } = await signInStartedByNewEditor();
    await db().membership.update({ where: { userId_workspaceId: { userId: editor.id, workspaceId: t.providerA.id } }, data: { role: "viewer" } });
    const done = await oauthCallback(callbackUrl, editor.token);
    expect(done.status).toBe(400);
    expect(done.text).toContain("you can no longer change this workspace&#39;s accounts");
    expect(await tokensOf(account.id)).toBeNull();
    expect(fake.requests.filter((r) => r.url.startsWith("/token"))).toEqual([]); // the code was never exchanged
    expect((await apiClient(web.baseUrl, editor.token).get(`/api/v1/connections/${account.id}`)).body.connection.oauth.status).toBe("not_connected");
    // Made an editor again, the same answer is not taken twice: the sign-in was spent.
    await db().membership.update({ where: { userId_workspaceId: { userId: editor.id, workspaceId: t.providerA.id } }, data: { role: "editor" } });
    expect((await oauthCallback(callbackUrl, editor.token)).text).toContain("this sign-in was already used");
    expect(await tokensOf(account.id)).toBeNull();
  });

  it("an editor removed from the workspace meanwhile cannot complete it either", async () => {
    const { account, editor, callbackUrl } = await signInStartedByNewEditor();
    await db().membership.delete({ where: { userId_workspaceId: { userId: editor.id, workspaceId: t.providerA.id } } });
    const done = await oauthCallback(callbackUrl, editor.token);
    expect(done.status).toBe(400);
    expect(done.text).toContain("you can no longer change this workspace&#39;s accounts");
    expect(await tokensOf(account.id)).toBeNull();
  });
});
