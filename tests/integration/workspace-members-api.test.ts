// Client workspaces and members over the real server: a provider's owner adds clients and
// renames workspaces; owners give people roles (an account with a one-time temporary password
// for someone new), change and remove them; a provider never loses its last owner; every
// change is in the audit log; roles take effect on the next request.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createUser } from "../helpers/api-fixtures";
import { browser } from "../helpers/auth-fixtures";
import { startTestServer } from "../helpers/api-server";
import { issueApiToken } from "@/lib/auth/issue-api-token";

const { web, t, as } = startTestServer();
let owner: { id: string; token: string };

beforeAll(async () => {
  owner = await createUser([{ workspaceId: t.providerA.id, role: "owner" }]);
});

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

describe("client workspaces", () => {
  it("a provider owner adds a client, which its provider's members see at once with their provider role", async () => {
    const r = await as(owner).post(`/api/v1/workspaces/${t.providerA.id}/clients`, { name: "  Fabrikam Legal " });
    expect(r).toEqual({ status: 201, body: { id: expect.any(String), name: "Fabrikam Legal", kind: "client", providerId: t.providerA.id, role: "owner" } });
    const seen = (await as(t.editor).get("/api/v1/workspaces")).body.workspaces;
    expect(seen).toContainEqual({ id: r.body.id, name: "Fabrikam Legal", kind: "client", providerId: t.providerA.id, role: "editor" });
    expect((await as(t.outsider).get("/api/v1/workspaces")).body.workspaces.map((w: { id: string }) => w.id)).not.toContain(r.body.id);
    const audit = (await as(owner).get(`/api/v1/workspaces/${t.providerA.id}/audit`)).body.events;
    expect(audit[0]).toMatchObject({ action: "client_created", details: { clientId: r.body.id, name: "Fabrikam Legal" } });
  });

  it("refuses editors (403), clients of a client (400), outsiders (404) and an empty name (400), creating nothing", async () => {
    const before = await db().workspace.count();
    expect((await as(t.editor).post(`/api/v1/workspaces/${t.providerA.id}/clients`, { name: "x" })).status).toBe(403);
    const nested = await as(t.clientAdmin).post(`/api/v1/workspaces/${t.clientA1.id}/clients`, { name: "x" });
    expect(nested.status).toBe(400);
    expect(nested.body.message).toMatch(/provider workspace/);
    expect((await as(t.outsider).post(`/api/v1/workspaces/${t.providerA.id}/clients`, { name: "x" })).body.error).toBe("not_found");
    const empty = await as(owner).post(`/api/v1/workspaces/${t.providerA.id}/clients`, { name: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/name/);
    expect(await db().workspace.count()).toBe(before);
  });

  it("a provider's clients have distinct names (letter case aside), on add and on rename", async () => {
    const name = `Northwind ${unique()}`;
    const first = await as(owner).post(`/api/v1/workspaces/${t.providerA.id}/clients`, { name });
    expect(first.status).toBe(201);
    const again = await as(owner).post(`/api/v1/workspaces/${t.providerA.id}/clients`, { name: ` ${name.toUpperCase()} ` });
    expect(again).toMatchObject({ status: 409, body: { error: "client_name_taken", clientId: first.body.id } });
    expect(again.body.message).toContain(`already has a client named "${name}"`);
    const other = await as(owner).post(`/api/v1/workspaces/${t.providerA.id}/clients`, { name: `${name} West` });
    expect((await as(owner).patch(`/api/v1/workspaces/${other.body.id}`, { name })).body.error).toBe("client_name_taken");
    expect((await as(owner).patch(`/api/v1/workspaces/${first.body.id}`, { name: name.toLowerCase() })).status).toBe(200); // its own name, recased
    // `_` and `%` are letters in a name, not patterns.
    expect((await as(owner).post(`/api/v1/workspaces/${t.providerA.id}/clients`, { name: `${name}_1` })).status).toBe(201);
    expect((await as(owner).post(`/api/v1/workspaces/${t.providerA.id}/clients`, { name: `${name}-1` })).status).toBe(201);
    expect((await as(owner).post(`/api/v1/workspaces/${t.providerA.id}/clients`, { name: `${name.slice(0, 4)}%` })).status).toBe(201);
    // Another provider's client may share it.
    const elsewhere = await createUser([{ workspaceId: t.providerB.id, role: "owner" }]);
    expect((await as(elsewhere).post(`/api/v1/workspaces/${t.providerB.id}/clients`, { name })).status).toBe(201);
  });

  it("a provider's owners rename it and its clients; editors and a client's own owner may not", async () => {
    const client = await db().workspace.create({ data: { name: "Old name", kind: "client", providerId: t.providerA.id } });
    const sibling = await db().workspace.create({ data: { name: `Sibling ${unique()}`, kind: "client", providerId: t.providerA.id } });
    const clientOwner = await createUser([{ workspaceId: client.id, role: "owner" }]);
    expect((await as(t.editor).patch(`/api/v1/workspaces/${client.id}`, { name: "Nope" })).status).toBe(403);
    // The client's own owner is refused alike for any name, a sibling client's included: a
    // refusal naming the clash (client_name_taken, with its id) would tell them the provider's
    // other customers.
    for (const name of ["Some new name", sibling.name]) {
      const refused = await as(clientOwner).patch(`/api/v1/workspaces/${client.id}`, { name });
      expect(refused).toEqual({ status: 403, body: { error: "forbidden", message: "a client workspace is named by its provider's owners; ask them to rename it" } });
    }
    const r = await as(owner).patch(`/api/v1/workspaces/${client.id}`, { name: "New name" });
    expect(r).toEqual({ status: 200, body: { id: client.id, name: "New name", kind: "client", providerId: t.providerA.id, role: "owner" } });
    expect((await as(owner).patch(`/api/v1/workspaces/${t.providerA.id}`, { name: "Provider A" })).status).toBe(200);
    const audit = (await as(owner).get(`/api/v1/workspaces/${client.id}/audit`)).body.events;
    expect(audit.map((e: { action: string; details: unknown }) => [e.action, e.details])).toEqual([["workspace_renamed", { from: "Old name", to: "New name" }]]);
    expect((await db().workspace.findUniqueOrThrow({ where: { id: client.id } })).name).toBe("New name");
  });
});

describe("deleting a client workspace", () => {
  it("the provider's owners delete a client with everything in it but its audit events; its webhook URL stops at once", async () => {
    const client = (await as(owner).post(`/api/v1/workspaces/${t.providerA.id}/clients`, { name: "Leaving Co (old)" })).body;
    expect((await as(owner).patch(`/api/v1/workspaces/${client.id}`, { name: "Leaving Co" })).status).toBe(200);
    const clientOwner = await createUser([{ workspaceId: client.id, role: "owner" }]);
    const wf = await as(owner).post(`/api/v1/workspaces/${client.id}/workflows`, { name: "alerts", steps: [{ kind: "webhook", config: {} }] });
    const live = await as(owner).post(`/api/v1/workflows/${wf.body.id}/live`);
    const hook = live.body.webhookUrl.replace(/^https?:\/\/[^/]+/, web.baseUrl);
    expect((await fetch(hook, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(202);
    expect(await db().run.count({ where: { workflowId: wf.body.id } })).toBe(1);
    await as(owner).put(`/api/v1/workspaces/${client.id}/variables/K`, { value: "s3cret", secret: true });

    // Not its own owners, not the provider's editors.
    expect((await as(clientOwner).del(`/api/v1/workspaces/${client.id}`)).status).toBe(403);
    expect((await as(t.editor).del(`/api/v1/workspaces/${client.id}`)).status).toBe(403);
    expect((await as(owner).del(`/api/v1/workspaces/${client.id}`)).status).toBe(204);

    expect(await db().workspace.findUnique({ where: { id: client.id } })).toBeNull();
    expect(await db().workflow.count({ where: { workspaceId: client.id } })).toBe(0);
    expect(await db().run.count({ where: { workflowId: wf.body.id } })).toBe(0);
    expect(await db().variable.count({ where: { workspaceId: client.id } })).toBe(0);
    expect(await db().membership.count({ where: { workspaceId: client.id } })).toBe(0);
    expect(await db().user.count({ where: { id: clientOwner.id } })).toBe(1); // accounts stay
    // The URL now answers like any unknown token: 202, and no run.
    expect((await fetch(hook, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(202);
    expect(await db().run.count({ where: { workflowId: wf.body.id } })).toBe(0);
    expect((await as(clientOwner).get("/api/v1/workspaces")).body.workspaces).toEqual([]);
    const audit = (await as(owner).get(`/api/v1/workspaces/${t.providerA.id}/audit`)).body.events;
    expect(audit[0]).toMatchObject({ action: "client_deleted", details: { clientId: client.id, name: "Leaving Co" } });
    // What happened inside the client is kept in the provider's log, under the client's name.
    expect(audit.find((e: { action: string }) => e.action === "workspace_renamed")).toMatchObject({
      workspaceId: client.id,
      workspaceName: "Leaving Co (deleted)",
      details: { from: "Leaving Co (old)", to: "Leaving Co" },
    });
  });

  it("refuses a provider workspace (400 to its owners, 403 to its editors and viewers, as any owner's action) and outsiders (404)", async () => {
    expect((await as(owner).del(`/api/v1/workspaces/${t.providerA.id}`)).status).toBe(400);
    // The role is checked first: a viewer is told they may not, not how the request was wrong.
    for (const member of [t.editor, t.viewer]) {
      const refused = await as(member).del(`/api/v1/workspaces/${t.providerA.id}`);
      expect(refused.status, JSON.stringify(refused.body)).toBe(403);
      expect(refused.body.error).toBe("forbidden");
    }
    expect((await as(t.outsider).del(`/api/v1/workspaces/${t.clientA1.id}`)).status).toBe(404);
    expect(await db().workspace.count({ where: { id: { in: [t.providerA.id, t.clientA1.id] } } })).toBe(2);
  });
});

describe("members", () => {
  const members = (ws: string) => `/api/v1/workspaces/${ws}/members`;

  it("adds someone new with a temporary password, shown only in that answer, that they must replace before anything else", async () => {
    const client = await db().workspace.create({ data: { name: `Client ${unique()}`, kind: "client", providerId: t.providerA.id } });
    const email = `new-${unique()}@Example.test`;
    const r = await as(owner).post(members(client.id), { email, name: "Nia Client", role: "owner" });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      member: { userId: expect.any(String), email: email.toLowerCase(), name: "Nia Client", role: "owner", addedAt: expect.any(String) },
      temporaryPassword: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
    });
    const issueToken = (password: string) =>
      fetch(`${web.baseUrl}/api/v1/auth/token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: email.toLowerCase(), password }) });
    // The temporary password signs in, but opens nothing until it is replaced.
    const refused = await issueToken(r.body.temporaryPassword);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "password_change_required" });
    const b = browser(web.baseUrl);
    expect((await b.signIn(email.toLowerCase(), r.body.temporaryPassword)).status).toBe(302);
    const api = await b.request("/api/v1/workspaces");
    expect(api.status).toBe(403);
    expect(await api.json()).toMatchObject({ error: "password_change_required" });
    const page = await b.request(`/w/${client.id}/workflows`);
    expect(page.status).toBe(307);
    expect(new URL(page.headers.get("location")!, web.baseUrl).pathname).toBe("/change-password");
    expect((await b.request("/change-password")).status).toBe(200);
    const changed = await b.request("/api/v1/auth/password", {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ currentPassword: r.body.temporaryPassword, newPassword: "my-own-pw-1" }),
    });
    expect(changed.status).toBe(204);
    // The browser that chose it stays signed in, and now opens the pages and the API.
    expect((await b.request(`/w/${client.id}/workflows`)).status).toBe(200);
    expect((await b.request("/api/v1/workspaces")).status).toBe(200);
    expect((await issueToken(r.body.temporaryPassword)).status).toBe(401);
    const token = await issueToken("my-own-pw-1");
    expect(token.status).toBe(201);
    const newcomer = as((await token.json()) as { token: string });
    expect((await newcomer.get("/api/v1/workspaces")).body.workspaces).toEqual([{ id: client.id, name: client.name, kind: "client", providerId: t.providerA.id, role: "owner" }]);
    // The list shows members, never passwords.
    const list = await newcomer.get(members(client.id));
    expect(list.body.members).toEqual([{ ...r.body.member, effectiveRole: "owner", viaProvider: false, canResetPassword: false, resetPasswordRefusal: expect.any(String) }]);
    expect(list.body.provider).toMatchObject({ id: t.providerA.id, name: "Provider A", members: expect.arrayContaining([expect.objectContaining({ userId: owner.id, role: "owner" })]) });
    expect(JSON.stringify(list.body)).not.toContain(r.body.temporaryPassword);
    const audit = (await as(owner).get(`/api/v1/workspaces/${client.id}/audit`)).body.events;
    expect(audit.find((e: { action: string }) => e.action === "member_added")).toMatchObject({ details: { email: email.toLowerCase(), role: "owner", newAccount: true } });
    expect(JSON.stringify(audit)).not.toContain(r.body.temporaryPassword);
  });

  it("adds someone who has an account without touching their password; twice is a 409", async () => {
    const client = await db().workspace.create({ data: { name: `Client ${unique()}`, kind: "client", providerId: t.providerA.id } });
    const existing = await db().user.findUniqueOrThrow({ where: { id: t.viewer.id } });
    const r = await as(owner).post(members(client.id), { email: existing.email.toUpperCase(), role: "editor" });
    expect(r.status).toBe(201);
    expect(r.body.temporaryPassword).toBeUndefined();
    expect(r.body.member).toMatchObject({ userId: t.viewer.id, role: "editor" });
    expect((await db().user.findUniqueOrThrow({ where: { id: t.viewer.id } })).passwordHash).toBe(existing.passwordHash);
    // The higher of the two roles counts: editor in this client, though a viewer in the provider.
    expect((await as(t.viewer).get("/api/v1/workspaces")).body.workspaces.find((w: { id: string }) => w.id === client.id).role).toBe("editor");
    const again = await as(owner).post(members(client.id), { email: existing.email, role: "viewer" });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("already_member");
  });

  it("two owners adding the same new person at once: one account, one 201 and one 409", async () => {
    const client = await db().workspace.create({ data: { name: `Client ${unique()}`, kind: "client", providerId: t.providerA.id } });
    const second = await createUser([{ workspaceId: client.id, role: "owner" }]);
    const email = `race-${unique()}@example.test`;
    const answers = await Promise.all([owner, second].map((u) => as(u).post(members(client.id), { email, role: "viewer" })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error).toBe("already_member");
    expect(await db().user.count({ where: { email } })).toBe(1);
    expect(await db().membership.count({ where: { workspaceId: client.id, user: { email } } })).toBe(1);
  });

  it("will not let another provider adopt an account someone else created for that address", async () => {
    // A client's owner of provider A creates an account for an address of provider B's staff...
    const client = await db().workspace.create({ data: { name: `Client ${unique()}`, kind: "client", providerId: t.providerA.id } });
    const clientOwner = await createUser([{ workspaceId: client.id, role: "owner" }]);
    const email = `tech-${unique()}@provider-b.example`;
    expect((await as(clientOwner).post(members(client.id), { email, role: "viewer" })).status).toBe(201);
    // ...which provider B's owner cannot then add: they would not know its password is known.
    const adopt = await as(t.outsider).post(members(t.providerB.id), { email, role: "owner" });
    expect(adopt.status).toBe(409);
    expect(adopt.body.error).toBe("account_elsewhere");
    expect(await db().membership.count({ where: { workspaceId: t.providerB.id, user: { email } } })).toBe(0);
    // Its own provider's owner may add it elsewhere in their tenancy.
    const other = await db().workspace.create({ data: { name: `Client ${unique()}`, kind: "client", providerId: t.providerA.id } });
    expect((await as(owner).post(members(other.id), { email, role: "viewer" })).status).toBe(201);
  });

  it("two owners demoting each other at once leave the provider one owner", async () => {
    for (let i = 0; i < 5; i++) {
      const provider = await db().workspace.create({ data: { name: `Provider ${unique()}`, kind: "provider" } });
      const [a, b] = [await createUser([{ workspaceId: provider.id, role: "owner" }]), await createUser([{ workspaceId: provider.id, role: "owner" }])];
      const answers = await Promise.all([
        as(a).patch(`${members(provider.id)}/${b.id}`, { role: "editor" }),
        as(b).patch(`${members(provider.id)}/${a.id}`, { role: "editor" }),
      ]);
      expect(answers.map((x) => x.status).sort()).toEqual([200, answers.some((x) => x.status === 403) ? 403 : 409]);
      expect(await db().membership.count({ where: { workspaceId: provider.id, role: "owner" } })).toBe(1);
      const leaving = await Promise.all([a, b].map((u) => as(u).del(`${members(provider.id)}/${u.id}`)));
      expect(await db().membership.count({ where: { workspaceId: provider.id, role: "owner" } })).toBe(1);
      expect(leaving.some((x) => x.status === 409)).toBe(true);
    }
  });

  it("refuses bad input and callers who are not owners; viewers may read the list", async () => {
    const ws = t.providerA.id;
    expect((await as(owner).post(members(ws), { email: "not-an-address", role: "editor" })).body.error).toBe("invalid_request");
    expect((await as(owner).post(members(ws), { email: `a-${unique()}@example.test`, role: "admin" })).status).toBe(400);
    expect((await as(t.editor).post(members(ws), { email: `b-${unique()}@example.test`, role: "viewer" })).status).toBe(403);
    const list = await as(t.viewer).get(members(ws));
    expect(list.status).toBe(200);
    expect(list.body.members).toContainEqual(expect.objectContaining({ userId: owner.id, role: "owner" }));
    expect((await as(t.outsider).get(members(ws))).status).toBe(404);
  });

  it("a role change and a removal take effect on the member's next request, and are audited", async () => {
    const provider = await db().workspace.create({ data: { name: `Provider ${unique()}`, kind: "provider" } });
    const boss = await createUser([{ workspaceId: provider.id, role: "owner" }]);
    const tech = await createUser([{ workspaceId: provider.id, role: "editor" }]);
    const put = () => as(tech).put(`/api/v1/workspaces/${provider.id}/variables/K`, { value: "v", secret: false });
    expect((await put()).status).toBe(201);
    const changed = await as(boss).patch(`${members(provider.id)}/${tech.id}`, { role: "viewer" });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ userId: tech.id, role: "viewer" });
    expect((await put()).status).toBe(403);
    expect((await as(boss).del(`${members(provider.id)}/${tech.id}`)).status).toBe(204);
    expect((await as(tech).get(members(provider.id))).status).toBe(404);
    expect((await as(boss).del(`${members(provider.id)}/${tech.id}`)).status).toBe(404);
    const actions = (await as(boss).get(`/api/v1/workspaces/${provider.id}/audit`)).body.events.map((e: { action: string }) => e.action);
    expect(actions).toEqual(["member_removed", "member_role_changed", "variable_created"]);
  });

  it("an owner resets a forgotten password: a new temporary one, the member's sessions end, audited", async () => {
    const client = await db().workspace.create({ data: { name: `Client ${unique()}`, kind: "client", providerId: t.providerA.id } });
    const added = await as(owner).post(members(client.id), { email: `forgetful-${unique()}@example.test`, role: "editor" });
    const { userId, email } = added.body.member;
    await db().user.update({ where: { id: userId }, data: { mustChangePassword: false } });
    await db().browserSession.create({ data: { userId } });
    const r = await as(owner).post(`${members(client.id)}/${userId}/reset-password`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ temporaryPassword: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/), revokedApiTokens: 0 });
    expect(r.body.temporaryPassword).not.toBe(added.body.temporaryPassword);
    expect(await db().browserSession.count({ where: { userId } })).toBe(0);
    expect((await db().user.findUniqueOrThrow({ where: { id: userId } })).mustChangePassword).toBe(true);
    const signIn = (password: string) =>
      fetch(`${web.baseUrl}/api/v1/auth/token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
    expect((await signIn(added.body.temporaryPassword)).status).toBe(401);
    expect((await signIn(r.body.temporaryPassword)).status).toBe(403); // right password, must be replaced first
    const audit = (await as(owner).get(`/api/v1/workspaces/${client.id}/audit`)).body.events;
    expect(audit[0]).toMatchObject({ action: "member_password_reset", details: { email, revokedApiTokens: 0 } });
    expect(JSON.stringify(audit)).not.toContain(r.body.temporaryPassword);
  });

  it("a reset revokes the member's API tokens only when asked, and refuses a malformed body", async () => {
    const client = await db().workspace.create({ data: { name: `Client ${unique()}`, kind: "client", providerId: t.providerA.id } });
    const { userId, email } = (await as(owner).post(members(client.id), { email: `leaked-${unique()}@example.test`, role: "editor" })).body.member;
    await db().user.update({ where: { id: userId }, data: { mustChangePassword: false } });
    const { token } = await issueApiToken({ userId, name: "script" });
    const whoami = () => fetch(`${web.baseUrl}/api/v1/workspaces/${client.id}/members`, { headers: { authorization: `Bearer ${token}` } });
    expect((await whoami()).status).toBe(200);
    const kept = await as(owner).post(`${members(client.id)}/${userId}/reset-password`, { revokeApiTokens: false });
    expect(kept.body.revokedApiTokens).toBe(0);
    // Must change the password first, but the token itself is still accepted: once the member
    // has chosen their own password (here with the token), it works again.
    const held = await whoami();
    expect(held.status).toBe(403);
    expect((await held.json()).error).toBe("password_change_required");
    const chosen = await fetch(`${web.baseUrl}/api/v1/auth/password`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ currentPassword: kept.body.temporaryPassword, newPassword: "their-own-pw-9" }),
    });
    expect(chosen.status).toBe(204);
    expect((await whoami()).status).toBe(200);
    const bad = await as(owner).post(`${members(client.id)}/${userId}/reset-password`, { revokeApiTokens: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("invalid_request");
    const revoked = await as(owner).post(`${members(client.id)}/${userId}/reset-password`, { revokeApiTokens: true });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedApiTokens).toBe(1);
    expect((await whoami()).status).toBe(401);
    const audit = (await as(owner).get(`/api/v1/workspaces/${client.id}/audit`)).body.events;
    expect(audit[0]).toMatchObject({ action: "member_password_reset", details: { email, revokedApiTokens: 1 } });
  });

  it("refuses to reset the password of someone who also works elsewhere, of an account made elsewhere, of oneself, and for non-owners", async () => {
    const client = await db().workspace.create({ data: { name: `Client ${unique()}`, kind: "client", providerId: t.providerA.id } });
    // Made here, but since then also an owner at another provider: a reset would hand that over.
    const made = (await as(owner).post(members(client.id), { email: `two-hats-${unique()}@example.test`, role: "viewer" })).body.member;
    await db().membership.create({ data: { userId: made.userId, workspaceId: t.providerB.id, role: "owner" } });
    const before = await db().user.findUniqueOrThrow({ where: { id: made.userId } });
    const r = await as(owner).post(`${members(client.id)}/${made.userId}/reset-password`);
    expect(r.status).toBe(403);
    expect(r.body.message).toMatch(/workspaces you do not own/);
    expect((await db().user.findUniqueOrThrow({ where: { id: made.userId } })).passwordHash).toBe(before.passwordHash);
    // An account the operator made (no origin): only the operator resets it.
    const operatorMade = await createUser([{ workspaceId: client.id, role: "viewer" }]);
    const refused = await as(owner).post(`${members(client.id)}/${operatorMade.id}/reset-password`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/npm run user:reset-password/);
    expect((await as(owner).post(`${members(t.providerA.id)}/${owner.id}/reset-password`)).status).toBe(400);
    const colleague = await createUser([{ workspaceId: client.id, role: "viewer" }]);
    expect((await as(t.editor).post(`${members(client.id)}/${colleague.id}/reset-password`)).status).toBe(403);
    expect((await as(owner).post(`${members(client.id)}/${t.outsider.id}/reset-password`)).status).toBe(404);
  });

  it("a provider keeps its last owner; anyone may leave; a client may lose its own owners", async () => {
    const provider = await db().workspace.create({ data: { name: `Provider ${unique()}`, kind: "provider" } });
    const boss = await createUser([{ workspaceId: provider.id, role: "owner" }]);
    const tech = await createUser([{ workspaceId: provider.id, role: "viewer" }]);
    const demote = await as(boss).patch(`${members(provider.id)}/${boss.id}`, { role: "editor" });
    expect(demote.status).toBe(409);
    expect(demote.body.error).toBe("last_owner");
    expect((await as(boss).del(`${members(provider.id)}/${boss.id}`)).body.error).toBe("last_owner");
    // A viewer cannot remove others, but may leave.
    expect((await as(tech).del(`${members(provider.id)}/${boss.id}`)).status).toBe(403);
    expect((await as(tech).del(`${members(provider.id)}/${tech.id}`)).status).toBe(204);
    // With a second owner, the first may step down.
    expect((await as(boss).patch(`${members(provider.id)}/${tech.id}`, { role: "owner" })).status).toBe(404); // gone
    const second = await createUser([{ workspaceId: provider.id, role: "owner" }]);
    expect((await as(boss).patch(`${members(provider.id)}/${boss.id}`, { role: "editor" })).status).toBe(200);
    expect((await as(second).get(members(provider.id))).body.members.filter((m: { role: string }) => m.role === "owner").map((m: { userId: string }) => m.userId)).toEqual([second.id]);
    // A client's only owner may go: the provider's owners still manage it.
    const client = await db().workspace.create({ data: { name: `Client ${unique()}`, kind: "client", providerId: provider.id } });
    const clientOwner = await createUser([{ workspaceId: client.id, role: "owner" }]);
    expect((await as(second).del(`${members(client.id)}/${clientOwner.id}`)).status).toBe(204);
  });
});
