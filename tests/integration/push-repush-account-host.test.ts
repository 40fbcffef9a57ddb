// A re-push never leaves the client's account on a step whose URL the account cannot serve: the
// provider moved a step from a relative URL (which the client's account completed) to a complete
// URL on another host, where the account would not send its credentials, so every run would fail
// "the URL's host … is not the account's". The preflight says the account is taken off and why,
// the push takes it off (and records so in the client's audit log), and the copy runs without it
// as the provider's step does. An account that can serve the new URL is kept as before.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Json } from "../helpers/api-fixtures";
import { createAccount, startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();
let providerPsa: string;

beforeAll(async () => {
  providerPsa = await createAccount(t.tech, t.provider.id, "psa", "Provider PSA", { username: "p", password: "provider-pass" }, "https://psa.example.com");
});

const hook = { id: "hook", kind: "webhook", name: "Hook", config: {} };
const ticket = (config: Json) => ({ id: "s2", kind: "http", name: "Create ticket", config: { method: "POST", ...config } });

async function pushedWithClientAccount(name: string, clientBaseUrl: string) {
  const source = await t.createSource(name, [hook, ticket({ url: "/tickets", connectionId: providerPsa })]);
  // Two PSA accounts: the push selects none, the client picks its own in the review.
  const mine = await createAccount(t.adminA, t.clientA.id, "psa", `${name} PSA`, { username: "a", password: "client-pass" }, clientBaseUrl);
  await createAccount(t.adminA, t.clientA.id, "psa", `${name} PSA spare`, { username: "b", password: "client-pass" }, clientBaseUrl);
  const pushed = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id });
  expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
  const copy = pushed.body.copy.id;
  expect((await t.adminA.put(`/api/v1/workflows/${copy}/review/accounts/s2`, { connectionId: mine })).status).toBe(200);
  await t.adminA.post(`/api/v1/workflows/${copy}/review/confirm`);
  expect((await t.adminA.post(`/api/v1/workflows/${copy}/live`)).status).toBe(200);
  return { source, copy, mine };
}

/** The provider's edit: step 2 now calls a complete URL, with no account. */
async function moveStep(source: Json, url: string) {
  const steps = [hook, ticket({ url, connectionId: null })];
  const saved = await t.tech.put(`/api/v1/workflows/${source.id}`, { name: source.name, steps });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

describe("a re-push after the provider moved a step to a complete URL", () => {
  it("takes the client's account off the step when it cannot serve the new host, and says so", async () => {
    const { source, copy, mine } = await pushedWithClientAccount("Moved", "http://127.0.0.1:4399");
    await moveStep(source, "https://psa.example.com/tickets");

    const pre = (await t.tech.get(`/api/v1/workflows/${source.id}/push-preflight?target=${t.clientA.id}`)).body;
    const reason = 'the URL goes to psa.example.com, and "Moved PSA" sends its credentials only to its base URL (127.0.0.1:4399)';
    expect(pre.unusableAccounts).toEqual([{ stepId: "s2", number: 2, name: "Create ticket", account: { id: mine, name: "Moved PSA" }, chosen: true, reason }]);
    expect(pre.notes).toContain(`Step 2 (Create ticket): Client A's account "Moved PSA" is taken off its copy's step, because ${reason}; the step runs without an account, as yours does.`);

    const pushed = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
    expect(pushed.body.preflight.unusableAccounts).toEqual(pre.unusableAccounts);
    expect(pushed.body.copy.steps[1].config).toMatchObject({ url: "https://psa.example.com/tickets", connectionId: null });
    const audit = await db().auditEvent.findFirst({ where: { workflowId: copy, action: "pushed" }, orderBy: { createdAt: "desc" } });
    expect(audit?.details).toMatchObject({ accountsTakenOff: [{ stepId: "s2", connectionId: mine }] });

    // The client's review has nothing to ask about step 2: it needs no account now.
    const review = (await t.adminA.post(`/api/v1/workflows/${copy}/review/confirm`)).body;
    expect(review.complete).toBe(true);
    // …and cannot put the account back, which every run would refuse.
    const back = await t.adminA.put(`/api/v1/workflows/${copy}/review/accounts/s2`, { connectionId: mine });
    expect(back.status).toBe(400);
    expect(back.body.message).toContain("the URL goes to psa.example.com");
  });

  it("keeps the client's account when it can serve the new URL", async () => {
    const { source, copy, mine } = await pushedWithClientAccount("Same host", "https://psa.example.com/v4_6_release/apis/3.0");
    await moveStep(source, "https://psa.example.com/v4_6_release/apis/3.0/tickets");
    const pre = (await t.tech.get(`/api/v1/workflows/${source.id}/push-preflight?target=${t.clientA.id}`)).body;
    expect(pre.unusableAccounts).toEqual([]);
    const pushed = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id });
    expect(pushed.body.copy.steps[1].config.connectionId).toBe(mine);
    expect((await t.adminA.get(`/api/v1/workflows/${copy}`)).body.steps[1].config.connectionId).toBe(mine);
  });
});
