// A workflow whose step uses an OAuth 2.0 sign-in (authorization code) account, pushed to a client:
// a push copies no tokens, so the client's own account of that kind starts Not connected. The
// client's review says so on the step's account item (with the account to Connect), a run of the
// copy fails naming the account before any request reaches the provider, and once the client has
// connected it the review says nothing more and the run succeeds.
import { afterEach, describe, expect, it } from "vitest";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "@/tests/fakes/oauth-provider";
import { finishedRunView, type ApiClient, type Json } from "../helpers/api-fixtures";
import { connectOAuthAccount, createOAuthAccount, OAUTH_CLIENT, uniqueName } from "../helpers/oauth-accounts";
import { startPushServer } from "../helpers/push-fixtures";

const t = startPushServer({ worker: true });
const fakes: FakeOAuthProvider[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

/** Runs the copy whole from its trigger, as Test & Debug does; the run and its HTTP step's view. */
async function runCopy(api: ApiClient, copyId: string) {
  const res = await api.post(`/api/v1/workflows/${copyId}/steps/1/test`, { scope: "workflow" });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const run = await finishedRunView(api, res.body.run.id, 60_000);
  const step = (await api.get(`/api/v1/runs/${run.id}/steps/call`)).body;
  return { run, step };
}

const accountItem = async (copyId: string) => ((await t.adminA.get(`/api/v1/workflows/${copyId}/review`)).body.items as Json[]).find((i) => i.kind === "account" && i.stepId === "call");

describe("a pushed step on an OAuth 2.0 sign-in account", () => {
  it("asks the client to connect its own account, and its runs say so until it is connected", async () => {
    const fake = await startFakeOAuthProvider(OAUTH_CLIENT);
    fakes.push(fake);
    const providerAccount = await createOAuthAccount(t.tech, t.provider.id, fake);
    await connectOAuthAccount(t.web.baseUrl, t.users.tech.token, providerAccount.id);
    const source = await t.createSource(uniqueName("Who am I"), [
      { id: "hook", kind: "webhook", name: "Hook", config: { testingData: { id: 1 } } },
      { id: "call", kind: "http", name: "Who am I", config: { method: "GET", url: "/api/me", connectionId: providerAccount.id } },
    ]);
    const clientAccount = await createOAuthAccount(t.adminA, t.clientA.id, fake);
    const pushed = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id, sampleData: "keep" });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
    const copyId = pushed.body.copy.id as string;
    const chosen = await t.adminA.put(`/api/v1/workflows/${copyId}/review/accounts/call`, { connectionId: clientAccount.id });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);

    // The client's account list and its review both say the account is not connected here.
    const listed = (await t.adminA.get(`/api/v1/workspaces/${t.clientA.id}/connections`)).body.connections as Json[];
    expect(listed.find((c) => c.id === clientAccount.id).oauth.status).toBe("not_connected");
    const item = await accountItem(copyId);
    expect(item.signIn).toEqual({ id: clientAccount.id, name: clientAccount.name, status: "not_connected" });
    expect(item.message).toContain(`“${clientAccount.name}” is not connected in this workspace (a push copies no sign-in): open Connections and click Connect on it`);

    const calls = fake.requests.filter((r) => r.url === "/api/me").length;
    const before = await runCopy(t.adminA, copyId);
    expect(before.run.status).toBe("failed");
    expect(before.step.error).toContain(`account "${clientAccount.name}" is not connected: open Connections and click Connect`);
    expect(fake.requests.filter((r) => r.url === "/api/me")).toHaveLength(calls);

    await connectOAuthAccount(t.web.baseUrl, t.users.adminA.token, clientAccount.id);
    expect((await accountItem(copyId)).signIn).toBeNull();
    const after = await runCopy(t.adminA, copyId);
    expect(after.run.status, JSON.stringify(after.step)).toBe("succeeded");
    expect(after.step.output.body).toEqual({ user: "tech@provider.example" });
  });
});
