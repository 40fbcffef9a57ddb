// The audit log records who changed a workspace's variables and secrets, app accounts, files and
// retention, stopped or re-ran a run, made or revoked an API token and signed out everywhere —
// over the real server, each in the transaction of the change — with names, keys and ids only:
// no secret value, credential or token appears in any event.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createUser } from "../helpers/api-fixtures";
import { browser, createPasswordUser } from "../helpers/auth-fixtures";
import { startTestServer } from "../helpers/api-server";

const { web, t, as } = startTestServer();

type Event = { action: string; actor: { id: string; email: string }; workflowId: string | null; details: Record<string, unknown> };
const events = async (u: { token: string }, ws: string): Promise<Event[]> => (await as(u).get(`/api/v1/workspaces/${ws}/audit?limit=500`)).body.events;
const SECRET_VALUE = "sUp3r-s3cret-value-9f1";
const CREDENTIAL = "tok-credential-7d2e";

describe("audit events for workspace resources and settings", () => {
  it("records variable and secret, account, file and retention changes, without values or credentials", async () => {
    const ws = await db().workspace.create({ data: { name: "Audited", kind: "provider" } });
    const owner = await createUser([{ workspaceId: ws.id, role: "owner" }]);
    const api = as(owner);
    const base = `/api/v1/workspaces/${ws.id}`;
    expect((await api.put(`${base}/variables/REGION`, { value: "eu-west" })).status).toBe(201);
    expect((await api.put(`${base}/variables/API_KEY`, { value: SECRET_VALUE, secret: true })).status).toBe(201);
    expect((await api.put(`${base}/variables/API_KEY`, { value: `${SECRET_VALUE}-2` })).status).toBe(200);
    expect((await api.del(`${base}/variables/REGION`)).status).toBe(204);
    const conn = await api.post(`${base}/connections`, { app: "psa", name: "PSA", authKind: "bearer", credentials: { token: CREDENTIAL } });
    expect(conn.status).toBe(201);
    const connId: string = conn.body.connection.id;
    const renamed = await api.patch(`/api/v1/connections/${connId}`, { name: "PSA prod", credentials: { token: `${CREDENTIAL}-2` } });
    expect(renamed.status).toBe(200);
    expect((await api.del(`/api/v1/connections/${connId}`)).status).toBe(204);
    const upload = await fetch(`${web.baseUrl}${base}/files/users.csv`, {
      method: "PUT",
      headers: { authorization: `Bearer ${owner.token}`, "content-type": "text/csv" },
      body: `name\n${SECRET_VALUE}\n`,
    });
    expect(upload.status).toBe(201);
    expect((await api.del(`${base}/files/users.csv`)).status).toBe(204);
    expect((await api.put(`${base}/retention`, { runDays: 3 })).status).toBe(200);

    const log = await events(owner, ws.id);
    const mine = (action: string) => log.filter((e) => e.action === action).map((e) => e.details);
    expect(log.every((e) => e.actor.id === owner.id)).toBe(true);
    expect(mine("variable_created")).toEqual([{ key: "API_KEY", secret: true }, { key: "REGION", secret: false }]);
    expect(mine("variable_updated")).toEqual([{ key: "API_KEY", secret: true }]);
    expect(mine("variable_deleted")).toEqual([{ key: "REGION", secret: false }]);
    expect(mine("connection_created")).toEqual([{ connectionId: connId, app: "psa", name: "PSA" }]);
    expect(mine("connection_updated")).toEqual([{ connectionId: connId, app: "psa", name: "PSA prod", previousName: "PSA", fields: ["name", "credentials"] }]);
    expect(mine("connection_deleted")).toEqual([{ connectionId: connId, app: "psa", name: "PSA prod" }]);
    expect(mine("file_uploaded")).toEqual([{ name: "users.csv", size: SECRET_VALUE.length + 6, contentType: "text/csv", replaced: false }]);
    expect(mine("file_deleted")).toEqual([{ name: "users.csv" }]);
    expect(mine("retention_changed")).toEqual([{ from: {}, to: { runDays: 3 } }]);
    expect(JSON.stringify(log)).not.toContain(SECRET_VALUE);
    expect(JSON.stringify(log)).not.toContain(CREDENTIAL);
  });

  it("a refused change records nothing", async () => {
    const before = await db().auditEvent.count({ where: { workspaceId: t.providerA.id } });
    expect((await as(t.viewer).put(`/api/v1/workspaces/${t.providerA.id}/variables/K`, { value: "v" })).status).toBe(403);
    expect((await as(t.editor).put(`/api/v1/workspaces/${t.providerA.id}/retention`, { runDays: 2 })).status).toBe(403);
    expect(await db().auditEvent.count({ where: { workspaceId: t.providerA.id } })).toBe(before);
  });

  it("records Stop and Run again with the workflow's name and the runs' ids", async () => {
    const wf = await as(t.editor).post(`/api/v1/workspaces/${t.clientA1.id}/workflows`, { name: "Offboarding", steps: [{ kind: "webhook", config: {} }] });
    const run = await db().run.create({ data: { workflowId: wf.body.id, workspaceId: t.clientA1.id, status: "queued", test: true, trigger: { hello: "world" } } });
    expect((await as(t.editor).post(`/api/v1/runs/${run.id}/stop`)).status).toBe(200);
    const again = await as(t.editor).post(`/api/v1/runs/${run.id}/rerun`);
    expect(again.status).toBe(201);
    const log = await events(t.clientAdmin, t.clientA1.id);
    expect(log.slice(0, 2)).toMatchObject([
      { action: "run_rerun", workflowId: wf.body.id, actor: { id: t.editor.id }, details: { workflowName: "Offboarding", runId: again.body.id, sourceRunId: run.id } },
      { action: "run_stopped", workflowId: wf.body.id, actor: { id: t.editor.id }, details: { workflowName: "Offboarding", runId: run.id } },
    ]);
  });

  it("records a webhook secret set, changed and removed in the editor's save, never its value", async () => {
    const ws = await db().workspace.create({ data: { name: "Audited secrets", kind: "provider" } });
    const editor = await createUser([{ workspaceId: ws.id, role: "editor" }]);
    const api = as(editor);
    const wf = await api.post(`/api/v1/workspaces/${ws.id}/workflows`, { name: "EDR alerts", steps: [{ kind: "webhook", config: {} }] });
    expect(wf.status).toBe(201);
    const save = async (sharedSecret: unknown, name = "EDR alerts") => {
      const read = (await api.get(`/api/v1/workflows/${wf.body.id}`)).body;
      const trigger = read.steps[0];
      const res = await api.put(`/api/v1/workflows/${wf.body.id}`, { name, steps: [{ ...trigger, config: { ...trigger.config, sharedSecret } }] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return trigger.id as string;
    };
    const stepId = await save(SECRET_VALUE);
    await save({ set: true }, "EDR alerts (renamed)"); // a read sent back keeps it: no event
    await save(`${SECRET_VALUE}-2`);
    await save("");
    await save(""); // nothing to remove
    const log = (await events(editor, ws.id)).filter((e) => e.action.startsWith("webhook_secret"));
    expect(log.map((e) => [e.action, e.details])).toEqual([
      ["webhook_secret_removed", { workflowName: "EDR alerts", stepId }],
      ["webhook_secret_set", { workflowName: "EDR alerts", stepId, replaced: true }],
      ["webhook_secret_set", { workflowName: "EDR alerts", stepId, replaced: false }],
    ]);
    expect(log.every((e) => e.actor.id === editor.id && e.workflowId === wf.body.id)).toBe(true);
    expect(JSON.stringify(log)).not.toContain(SECRET_VALUE);
  });
});

describe("audit events for a person's API tokens and sessions", () => {
  it("records token creation and revocation and Sign out everywhere in each workspace the person has a role in, never the token", async () => {
    const client = await db().workspace.create({ data: { name: "Token Client", kind: "client", providerId: t.providerA.id } });
    const person = await createPasswordUser({ password: "pw-audit-1", memberships: [{ workspaceId: client.id, role: "editor" }, { workspaceId: t.providerB.id, role: "viewer" }] });
    const b = browser(web.baseUrl);
    expect((await b.signIn(person.email, "pw-audit-1")).status).toBe(302);
    const post = (path: string, body?: unknown, method = "POST") =>
      b.request(path, { method, headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" }, body: body === undefined ? undefined : JSON.stringify(body) });
    const created = await post("/api/v1/auth/tokens", { name: "backup script" });
    expect(created.status).toBe(201);
    const { id, token } = (await created.json()) as { id: string; token: string };
    // The e-mail and password route issues one too.
    const issued = await fetch(`${web.baseUrl}/api/v1/auth/token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: person.email, password: "pw-audit-1", name: "cli" }) });
    const cli = (await issued.json()) as { id: string; token: string };
    expect((await post(`/api/v1/auth/tokens/${id}`, undefined, "DELETE")).status).toBe(204);
    expect((await post(`/api/v1/auth/tokens/${id}`, undefined, "DELETE")).status).toBe(204); // twice: recorded once
    expect((await post("/api/v1/auth/sessions?except=current", undefined, "DELETE")).status).toBe(204);
    expect((await post("/api/v1/auth/sessions", undefined, "DELETE")).status).toBe(204);

    const expected = [
      { action: "signed_out_everywhere", details: { keptThisSession: false } },
      { action: "signed_out_everywhere", details: { keptThisSession: true } },
      { action: "api_token_revoked", details: { tokenId: id, name: "backup script" } },
      { action: "api_token_created", details: { tokenId: cli.id, name: "cli" } },
      { action: "api_token_created", details: { tokenId: id, name: "backup script" } },
    ];
    const ownerB = await createUser([{ workspaceId: t.providerB.id, role: "owner" }]);
    const clientOwner = await createUser([{ workspaceId: client.id, role: "owner" }]);
    for (const [viewer, ws] of [[ownerB, t.providerB.id], [clientOwner, client.id]] as const) {
      const log = (await events(viewer, ws)).filter((e) => e.actor.email === person.email);
      expect(log.map(({ action, details }) => ({ action, details }))).toEqual(expected);
      expect(JSON.stringify(log)).not.toContain(token);
      expect(JSON.stringify(log)).not.toContain(cli.token);
    }
    // A provider's log lists its clients' events.
    expect((await events(t.editor, t.providerA.id)).filter((e) => e.actor.email === person.email)).toHaveLength(expected.length);
  });

  it("a password change, which also ends sessions, is not recorded as Sign out everywhere", async () => {
    const person = await createPasswordUser({ password: "pw-audit-2", memberships: [{ workspaceId: t.providerB.id, role: "viewer" }] });
    const b = browser(web.baseUrl);
    expect((await b.signIn(person.email, "pw-audit-2")).status).toBe(302);
    const changed = await b.request("/api/v1/auth/password", {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ currentPassword: "pw-audit-2", newPassword: "pw-audit-2-new" }),
    });
    expect(changed.status).toBe(204);
    expect(await db().auditEvent.count({ where: { actorId: person.id } })).toBe(0);
  });
});
