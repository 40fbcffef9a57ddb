// The client review of a pushed copy: the checklist, Go live refused (409, listing what is
// missing) until every item is done, then allowed; a re-push returns a Live copy to Draft and
// starts the review over; the audit log records who pushed, reviewed and went live.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Json } from "../helpers/api-fixtures";
import { createAccount, createSourceWorkflow, startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();
let source: Json;
let copyId: string;
const acc: Record<string, string> = {};

beforeAll(async () => {
  source = await createSourceWorkflow(t.tech, t.provider.id);
  acc.psa1 = await createAccount(t.adminA, t.clientA.id, "psa", "PSA one", { username: "a", password: "client-pass-1" });
  acc.psa2 = await createAccount(t.adminA, t.clientA.id, "psa", "PSA two", { username: "a", password: "client-pass-2" });
  acc.foreignAi = await createAccount(t.adminB, t.clientB.id, "openai", "B's AI", { apiKey: "sk-client-b" });
  const pushed = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id, sampleData: "clear" });
  expect(pushed.status).toBe(201);
  copyId = pushed.body.copy.id;
});

const missing = async () => (await t.adminA.get(`/api/v1/workflows/${copyId}/review`)).body.missing.map((m: Json) => m.kind + ":" + (m.key ?? m.stepId ?? m.name ?? ""));

describe("client review", () => {
  it("lists accounts to choose, empty variables and secrets, files and the confirmation", async () => {
    const r = await t.adminA.get(`/api/v1/workflows/${copyId}/review`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ pushed: true, complete: false, sampleData: "clear", pushedBy: expect.stringContaining("@example.test") });
    const account = r.body.items.find((i: Json) => i.kind === "account" && i.stepId === "ticket");
    expect(account).toMatchObject({ app: "psa", done: false, connectionId: null, options: [{ name: "PSA one" }, { name: "PSA two" }] });
    expect(await missing()).toEqual(["webhook_secret:hook", "account:user", "account:ticket", "account:summary", "variable:GRAPH_URL", "secret:GRAPH_KEY", "file:welcome.txt", "confirm:"]);
  });

  it("refuses Go live with 409 naming everything that is missing, and changes nothing", async () => {
    const r = await t.adminA.post(`/api/v1/workflows/${copyId}/live`);
    expect(r.status).toBe(409);
    expect(r.body.error).toBe("review_incomplete");
    expect(r.body.message).toContain("fill in the value of secret GRAPH_KEY");
    expect(r.body.missing).toHaveLength(8);
    expect((await db().workflow.findUniqueOrThrow({ where: { id: copyId } })).mode).toBe("draft");
    expect(await db().webhookEndpoint.count({ where: { workflowId: copyId } })).toBe(0);
  });

  it("accepts only the client's own accounts of the right app", async () => {
    const put = (step: string, connectionId: string | null) => t.adminA.put(`/api/v1/workflows/${copyId}/review/accounts/${step}`, { connectionId });
    expect((await put("summary", acc.foreignAi)).status).toBe(404);
    expect((await put("summary", acc.psa1)).status).toBe(400);
    expect((await put("nope", acc.psa1)).status).toBe(404);
    expect((await put("hook", acc.psa1)).status).toBe(404);
    expect((await t.adminB.put(`/api/v1/workflows/${copyId}/review/accounts/ticket`, { connectionId: acc.psa1 })).status).toBe(404);
    // A field it does not take is named, as in every write body.
    const extra = await t.adminA.put(`/api/v1/workflows/${copyId}/review/accounts/ticket`, { connectionId: acc.psa1, reviewed: true });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toContain('unknown field "reviewed"');
    const ok = await put("ticket", acc.psa1);
    expect(ok.status).toBe(200);
    expect(ok.body.items.find((i: Json) => i.stepId === "ticket").done).toBe(true);
  });

  it("goes Live once every item is complete", async () => {
    const ws = t.clientA.id;
    const dir = await createAccount(t.adminA, ws, "directory", "Graph", { token: "client-graph-token" });
    const ai = await createAccount(t.adminA, ws, "openai", "AI", { apiKey: "sk-client-a" });
    await t.adminA.put(`/api/v1/workflows/${copyId}/review/accounts/user`, { connectionId: dir });
    await t.adminA.put(`/api/v1/workflows/${copyId}/review/accounts/summary`, { connectionId: ai });
    await t.adminA.put(`/api/v1/workspaces/${ws}/variables/GRAPH_URL`, { value: "https://graph.client-a.example", secret: false });
    await t.adminA.put(`/api/v1/workspaces/${ws}/variables/GRAPH_KEY`, { value: "client-a-key", secret: true });
    await t.putFile(ws, "welcome.txt", "Hi from A", t.users.adminA);
    await t.adminA.put(`/api/v1/workflows/${copyId}/review/webhook-secret`, { sharedSecret: "client-a-hook-secret" });
    expect(await missing()).toEqual(["confirm:"]);
    expect((await t.adminA.post(`/api/v1/workflows/${copyId}/live`)).status).toBe(409);
    const confirmed = await t.adminA.post(`/api/v1/workflows/${copyId}/review/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.complete).toBe(true);
    const live = await t.adminA.post(`/api/v1/workflows/${copyId}/live`);
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ mode: "live", webhookUrl: expect.stringContaining("/hooks/") });
    // The copy's own URL, never the provider's.
    expect((await t.tech.get(`/api/v1/workflows/${source.id}`)).body.webhookUrl).toBeNull();
  });

  it("a re-push returns the Live copy to Draft and starts the review over", async () => {
    const pre = (await t.tech.get(`/api/v1/workflows/${source.id}/push-preflight?target=${t.clientA.id}`)).body;
    expect(pre.existingCopy).toMatchObject({ mode: "live", returnsToDraft: true });
    expect(pre.notes.join(" ")).toContain("returns it to Draft");
    const r = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientA.id, sampleData: "clear" });
    expect(r.status).toBe(200);
    expect(r.body.copy).toMatchObject({ id: copyId, mode: "draft", webhookUrl: null });
    // Accounts, values and the webhook's own secret kept: only the confirmation is asked for again.
    expect(await missing()).toEqual(["confirm:"]);
    await t.adminA.post(`/api/v1/workflows/${copyId}/review/confirm`);
    expect((await t.adminA.post(`/api/v1/workflows/${copyId}/live`)).status).toBe(200);
  });

  it("does not gate workflows that were not pushed", async () => {
    const own = await t.adminA.post(`/api/v1/workspaces/${t.clientA.id}/workflows`, { name: "Own", steps: [{ kind: "webhook", config: {} }] });
    expect((await t.adminA.get(`/api/v1/workflows/${own.body.id}/review`)).body).toEqual({ workflowId: own.body.id, pushed: false });
    expect((await t.adminA.post(`/api/v1/workflows/${own.body.id}/live`)).status).toBe(200);
  });

  it("records who pushed, reviewed and went live, visible to the client and the provider", async () => {
    const client = (await t.adminA.get(`/api/v1/workspaces/${t.clientA.id}/audit`)).body.events;
    // The push and review steps (the log also holds the accounts, values and file the client set up).
    const actions = client.map((e: Json) => e.action).filter((a: string) => !/^(connection|variable|file)_/.test(a)).reverse();
    // The last: the client's own workflow going Live (not gated, but in the log like any go-live).
    expect(actions).toEqual(["pushed", "account_chosen", "account_chosen", "account_chosen", "webhook_secret_set", "reviewed", "went_live", "pushed", "reviewed", "went_live", "went_live"]);
    const tech = await db().user.findUniqueOrThrow({ where: { id: t.users.tech.id } });
    const admin = await db().user.findUniqueOrThrow({ where: { id: t.users.adminA.id } });
    expect(client.find((e: Json) => e.action === "pushed").actor.email).toBe(tech.email);
    expect(client.find((e: Json) => e.action === "went_live").actor.email).toBe(admin.email);
    expect(client[1]).toMatchObject({ workflowId: copyId, workspaceName: "Client A", at: expect.any(String) });
    const provider = (await t.tech.get(`/api/v1/workspaces/${t.provider.id}/audit`)).body.events;
    expect(provider.filter((e: Json) => e.workspaceId === t.clientA.id)).toHaveLength(client.length);
    expect((await t.adminB.get(`/api/v1/workspaces/${t.clientA.id}/audit`)).status).toBe(404);
    expect(JSON.stringify(client)).not.toMatch(/client-a-key|client-pass|sk-client/);
  });
});
