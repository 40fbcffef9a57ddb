// A save or an action refused because a colleague saved in between names that colleague: the 409
// (version_conflict for a save, workflow_changed for Go live, Unpublish, Generate a new URL) keeps
// its code and `currentVersion` and adds `savedBy` {name, email} and `savedAt`, which the editor's
// banner shows ("Alex Smith (alex@…) saved a newer version 2 minutes ago"). Unpublish and Generate
// a new URL take the version the caller saw, as Go live does: sent stale, nothing is done; left
// out (a script), they act on the stored workflow as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createUser, type ApiClient, type Json } from "../helpers/api-fixtures";
import { startApiServer, type ApiServer, type Tenancy } from "../helpers/api-server";

let server: ApiServer;
let api: ApiClient;
let t: Tenancy;
/** A second editor of provider A, and how the 409s must name them. */
let colleague: ApiClient;
let named: { name: string; email: string };

beforeAll(async () => {
  ({ t, api } = server = await startApiServer());
  const user = await createUser([{ workspaceId: t.providerA.id, role: "editor" }]);
  colleague = server.as(user);
  named = await db().user.update({ where: { id: user.id }, data: { name: "Alex Smith" }, select: { name: true, email: true } });
}, 120_000);
afterAll(() => server?.stop());

const transform = (name: string) => ({ kind: "transform", name, config: { fields: [{ name: "x", expression: "1" }] } });

async function liveWebhook(): Promise<Json> {
  const res = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Shared", steps: [{ kind: "webhook", config: {} }, transform("A")] });
  expect(res.status).toBe(201);
  expect((await api.post(`/api/v1/workflows/${res.body.id}/live`)).status).toBe(200);
  return (await api.get(`/api/v1/workflows/${res.body.id}`)).body;
}

/** The colleague adds a step (a save of a Live workflow: it stays Live). */
async function colleagueSaves(wf: Json): Promise<Json> {
  const now = (await colleague.get(`/api/v1/workflows/${wf.id}`)).body;
  const res = await colleague.put(`/api/v1/workflows/${wf.id}`, { name: now.name, steps: [...now.steps, transform("B by Alex")], version: now.version });
  expect(res.status).toBe(200);
  return res.body;
}

/** `savedAt` is the time of the colleague's save: an ISO time within the test's last minute. */
function expectSavedByColleague(body: Json, version: number) {
  expect(body).toMatchObject({ currentVersion: version, savedBy: named });
  expect(Date.now() - Date.parse(body.savedAt)).toBeGreaterThanOrEqual(0);
  expect(Date.now() - Date.parse(body.savedAt)).toBeLessThan(60_000);
  expect(body.message).toContain(`Alex Smith (${named.email})`);
}

describe("a refused save names who saved the newer version", () => {
  it("a stale PUT is 409 version_conflict with currentVersion, savedBy and savedAt; GET says the same", async () => {
    const wf = await liveWebhook();
    const theirs = await colleagueSaves(wf);
    const mine = await api.put(`/api/v1/workflows/${wf.id}`, { name: "Mine", version: wf.version });
    expect(mine.status).toBe(409);
    expect(mine.body.error).toBe("version_conflict");
    expectSavedByColleague(mine.body, theirs.version);
    expect(mine.body.message).toMatch(/^the workflow was saved by Alex Smith/);
    const read = (await api.get(`/api/v1/workflows/${wf.id}`)).body;
    expect(read).toMatchObject({ version: theirs.version, savedBy: named, savedAt: mine.body.savedAt });
    // A read sent back is still a save (savedBy and savedAt are read-only, ignored), recorded as mine.
    const back = await api.put(`/api/v1/workflows/${wf.id}`, read);
    expect(back.status).toBe(200);
    expect(back.body.savedBy.email).not.toBe(named.email);
  });

  it("Go live sent with an older version names them too", async () => {
    const wf = await liveWebhook();
    expect((await api.post(`/api/v1/workflows/${wf.id}/draft`)).status).toBe(200);
    const theirs = await colleagueSaves(wf);
    const live = await api.post(`/api/v1/workflows/${wf.id}/live`, { version: wf.version });
    expect(live.status).toBe(409);
    expect(live.body.error).toBe("workflow_changed");
    expectSavedByColleague(live.body, theirs.version);
  });

  it("a version nobody saved through the editor or the API (a push, say) names nobody rather than the wrong person", async () => {
    const wf = await liveWebhook();
    await colleagueSaves(wf);
    const pushed = await db().workflow.update({ where: { id: wf.id }, data: { version: { increment: 1 } } });
    const mine = await api.put(`/api/v1/workflows/${wf.id}`, { name: "Mine", version: wf.version });
    expect(mine.body).toMatchObject({ error: "version_conflict", currentVersion: pushed.version, savedBy: null, savedAt: null });
    expect(mine.body.message).toMatch(/^the workflow was saved by someone else since you loaded it/);
  });
});

describe("Unpublish and Generate a new URL act only on the version the caller saw", () => {
  it("Unpublish of a version a colleague has since changed is 409 workflow_changed naming them, and it stays Live", async () => {
    const wf = await liveWebhook();
    const theirs = await colleagueSaves(wf);
    const stale = await api.post(`/api/v1/workflows/${wf.id}/draft`, { version: wf.version });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe("workflow_changed");
    expectSavedByColleague(stale.body, theirs.version);
    expect((await api.get(`/api/v1/workflows/${wf.id}`)).body.mode).toBe("live");
    expect(await db().auditEvent.count({ where: { workflowId: wf.id, action: "unpublished" } })).toBe(0);
    // The version seen now, or none (a script), unpublishes.
    expect((await api.post(`/api/v1/workflows/${wf.id}/draft`, { version: theirs.version })).body.mode).toBe("draft");
    expect((await api.post(`/api/v1/workflows/${wf.id}/live`)).status).toBe(200);
    expect((await api.post(`/api/v1/workflows/${wf.id}/draft`)).body.mode).toBe("draft");
  });

  it("Generate a new URL for a version a colleague has since changed is 409 workflow_changed naming them, and the URL is kept", async () => {
    const wf = await liveWebhook();
    const theirs = await colleagueSaves(wf);
    const stale = await api.post(`/api/v1/workflows/${wf.id}/webhook-url`, { version: wf.version });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe("workflow_changed");
    expectSavedByColleague(stale.body, theirs.version);
    expect((await api.get(`/api/v1/workflows/${wf.id}`)).body.webhookUrl).toBe(wf.webhookUrl);
    expect(await db().auditEvent.count({ where: { workflowId: wf.id, action: "webhook_url_rotated" } })).toBe(0);
    // The version seen now rotates it; so does a body without one (a script), and {}.
    const fresh = await api.post(`/api/v1/workflows/${wf.id}/webhook-url`, { version: theirs.version });
    expect(fresh.status).toBe(200);
    expect(fresh.body.webhookUrl).not.toBe(wf.webhookUrl);
    expect((await api.post(`/api/v1/workflows/${wf.id}/webhook-url`)).status).toBe(200);
    expect((await api.post(`/api/v1/workflows/${wf.id}/webhook-url`, {})).status).toBe(200);
    const typo = await api.post(`/api/v1/workflows/${wf.id}/webhook-url`, { versoin: theirs.version });
    expect(typo).toMatchObject({ status: 400, body: { field: "versoin" } });
  });
});
