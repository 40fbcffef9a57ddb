// The versions a push and the client's review make in a client's copy record who made them, as an
// editor's save does (version-saver.ts): the client's editor and its 409s then name the provider's
// technician who pushed ("Alex Smith (alex@…) of Acme IT pushed …": `pushedFrom`), or the client's
// own user who chose an account or set the webhook secret in the review, instead of nobody. And a
// push refused because a colleague saved the source since the preflight (409 workflow_changed)
// names that colleague with savedBy / savedAt, as the editor's 409s do; codes and fields kept.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createUser, type Json } from "../helpers/api-fixtures";
import { createAccount, startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();
let tech: { name: string; email: string };
let client: { name: string; email: string };

beforeAll(async () => {
  tech = await db().user.update({ where: { id: t.users.tech.id }, data: { name: "Alex Smith" }, select: { name: true, email: true } });
  client = await db().user.update({ where: { id: t.users.adminA.id }, data: { name: "Casey Client" }, select: { name: true, email: true } });
});

/** A webhook workflow with a PSA step: its copy's review has an account and a webhook secret to set. */
async function source(): Promise<Json> {
  const tag = Math.random().toString(36).slice(2, 8);
  const psa = await createAccount(t.tech, t.provider.id, "psa", `Provider PSA ${tag}`, { username: "u", password: "p" });
  const res = await t.tech.post(`/api/v1/workspaces/${t.provider.id}/workflows`, {
    name: `Names ${tag}`,
    steps: [
      { id: "hook", kind: "webhook", config: { sharedSecret: "provider-secret" } },
      { id: "ticket", kind: "http", name: "Ticket", config: { method: "POST", url: "https://psa.example.com/tickets", connectionId: psa } },
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function push(wf: Json, version?: number) {
  return t.tech.post(`/api/v1/workflows/${wf.id}/push`, { targetWorkspaceId: t.clientA.id, ...(version !== undefined && { version }) });
}

const recent = (at: string) => Math.abs(Date.now() - Date.parse(at)) < 60_000;

describe("a version a push or the client's review made names who made it", () => {
  it("the copy a push made, and the one a re-push made, name the technician and the provider; a stale save in the copy says so", async () => {
    const wf = await source();
    const first = await push(wf);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const copyId = first.body.copy.id;
    const read = (await t.adminA.get(`/api/v1/workflows/${copyId}`)).body;
    expect(read).toMatchObject({ version: 1, savedBy: tech, pushedFrom: "Acme IT" });
    expect(recent(read.savedAt)).toBe(true);

    const again = await push(wf);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    // The client's editor held version 1: its save is refused, naming who pushed version 2.
    const stale = await t.adminA.put(`/api/v1/workflows/${copyId}`, { name: "Mine", version: read.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: "version_conflict", currentVersion: 2, savedBy: tech, pushedFrom: "Acme IT" });
    expect(stale.body.message).toContain(`Alex Smith (${tech.email}) of Acme IT`);
    // Go live from the version the client saw is refused the same way.
    const live = await t.adminA.post(`/api/v1/workflows/${copyId}/live`, { version: read.version });
    expect(live.status).toBe(409);
    expect(live.body).toMatchObject({ error: "workflow_changed", currentVersion: 2, savedBy: tech, pushedFrom: "Acme IT" });
  });

  it("an account chosen and a webhook secret set in the review name the client's user, not the technician", async () => {
    const wf = await source();
    const pushed = await push(wf);
    expect(pushed.status).toBe(201);
    const copyId = pushed.body.copy.id;
    const account = await createAccount(t.adminA, t.clientA.id, "psa", "Client PSA", { username: "c", password: "client-pass" });
    const chosen = await t.adminA.put(`/api/v1/workflows/${copyId}/review/accounts/ticket`, { connectionId: account });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const afterChoice = (await t.adminA.get(`/api/v1/workflows/${copyId}`)).body;
    expect(afterChoice).toMatchObject({ version: 2, savedBy: client });
    expect(afterChoice.pushedFrom).toBeUndefined();
    expect(recent(afterChoice.savedAt)).toBe(true);

    const secret = await t.adminA.put(`/api/v1/workflows/${copyId}/review/webhook-secret`, { sharedSecret: "client-own-secret" });
    expect(secret.status, JSON.stringify(secret.body)).toBe(200);
    const stale = await t.adminA.put(`/api/v1/workflows/${copyId}`, { name: "Mine", version: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: "version_conflict", currentVersion: 3, savedBy: client });
    expect(stale.body.pushedFrom).toBeUndefined();
  });
});

describe("a push refused because the source was saved since names who saved it", () => {
  it("409 workflow_changed keeps its code and currentVersion and adds savedBy and savedAt; nothing is pushed", async () => {
    const user = await createUser([{ workspaceId: t.provider.id, role: "editor" }]);
    const colleague = await db().user.update({ where: { id: user.id }, data: { name: "Robin Colleague" }, select: { name: true, email: true } });
    const wf = await source();
    const saved = await t.as(user).put(`/api/v1/workflows/${wf.id}`, { name: `${wf.name} v2`, version: wf.version });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const refused = await push(wf, wf.version);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "workflow_changed", currentVersion: wf.version + 1, savedBy: colleague });
    expect(recent(refused.body.savedAt)).toBe(true);
    expect(refused.body.message).toContain(`saved by Robin Colleague (${colleague.email})`);
    expect(refused.body.message).toContain("nothing was pushed");
    expect(await db().workflowCopy.count({ where: { sourceWorkflowId: wf.id } })).toBe(0);
  });
});
