// Every write a viewer may not make is refused as a 403 JSON answer (`error: "forbidden"`, the
// role needed and theirs in the message) and changes nothing — for the routes role-before-body
// does not list: deletes, file uploads, OAuth Connect's start, a run's Stop and Run again, the
// stopped runs' rerun, forgetting seen ids, the owner's deletes of invitations and members. A
// viewer of the provider on its own resources, and a viewer of a client on a pushed copy's.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createUser, type Json } from "../helpers/api-fixtures";
import { createAccount, startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();

type Write = { method: "PUT" | "POST" | "DELETE"; path: string; body?: unknown; role: "editor" | "owner" };

async function send(token: string, { method, path, body }: Write) {
  const res = await fetch(`${t.web.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": typeof body === "string" ? "text/plain" : "application/json" }) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get("content-type") ?? "", body: (await res.json().catch(() => null)) as Json };
}

/** A workspace with one of each thing a write could change, and the writes on them. */
async function writesIn(ws: string, workflowId: string, editor: { token: string }, owner: { token: string }): Promise<Write[]> {
  const as = t.as(editor);
  expect((await as.put(`/api/v1/workspaces/${ws}/variables/REGION`, { value: "eu" })).status).toBeLessThan(300);
  const file = await fetch(`${t.web.baseUrl}/api/v1/workspaces/${ws}/files/script.ps1`, { method: "PUT", headers: { authorization: `Bearer ${editor.token}`, "content-type": "text/plain" }, body: "Get-Date" });
  expect(file.status).toBeLessThan(300);
  const account = await createAccount(as, ws, "psa", `PSA ${Date.now()}`, { token: "psa-token" }, "http://127.0.0.1:9");
  const run = await db().run.create({ data: { workflowId, workspaceId: ws, status: "running" } });
  const invitation = await t.as(owner).post(`/api/v1/workspaces/${ws}/invitations`, { role: "viewer" });
  expect(invitation.status, JSON.stringify(invitation.body)).toBe(201);
  const member = await createUser([{ workspaceId: ws, role: "editor" }]);
  return [
    { method: "DELETE", path: `/api/v1/workspaces/${ws}/variables/REGION`, role: "editor" },
    { method: "PUT", path: `/api/v1/workspaces/${ws}/files/other.ps1`, body: "Get-Date", role: "editor" },
    { method: "DELETE", path: `/api/v1/workspaces/${ws}/files/script.ps1`, role: "editor" },
    { method: "DELETE", path: `/api/v1/connections/${account}`, role: "editor" },
    { method: "POST", path: `/api/v1/connections/${account}/oauth/start`, role: "editor" },
    { method: "POST", path: `/api/v1/runs/${run.id}/stop`, role: "editor" },
    { method: "POST", path: `/api/v1/runs/${run.id}/rerun`, role: "editor" },
    { method: "POST", path: `/api/v1/workflows/${workflowId}/runs/rerun-stopped`, role: "editor" },
    { method: "DELETE", path: `/api/v1/workflows/${workflowId}/seen-ids`, body: { all: true }, role: "editor" },
    { method: "DELETE", path: `/api/v1/workflows/${workflowId}`, role: "editor" },
    { method: "DELETE", path: `/api/v1/workspaces/${ws}/invitations/${invitation.body.invitation.id}`, role: "owner" },
    { method: "DELETE", path: `/api/v1/workspaces/${ws}/members/${member.id}`, role: "owner" },
  ];
}

/** What the writes would change, read straight from the database. */
const snapshot = async (ws: string) =>
  JSON.stringify([
    await db().variable.findMany({ where: { workspaceId: ws }, select: { key: true, updatedAt: true }, orderBy: { key: "asc" } }),
    await db().file.findMany({ where: { workspaceId: ws }, select: { name: true, updatedAt: true }, orderBy: { name: "asc" } }),
    await db().connection.findMany({ where: { workspaceId: ws }, select: { id: true, updatedAt: true }, orderBy: { id: "asc" } }),
    await db().run.findMany({ where: { workspaceId: ws }, select: { id: true, status: true }, orderBy: { id: "asc" } }),
    await db().workflow.findMany({ where: { workspaceId: ws }, select: { id: true, version: true }, orderBy: { id: "asc" } }),
    await db().invitation.findMany({ where: { workspaceId: ws }, select: { id: true, acceptedAt: true }, orderBy: { id: "asc" } }),
    await db().membership.findMany({ where: { workspaceId: ws }, select: { userId: true, role: true }, orderBy: { userId: "asc" } }),
  ]);

async function expectRefused(viewer: { token: string }, writes: Write[], ws: string) {
  const before = await snapshot(ws);
  for (const w of writes) {
    const res = await send(viewer.token, w);
    expect(res.status, `${w.method} ${w.path}: ${JSON.stringify(res.body)}`).toBe(403);
    expect(res.type).toContain("application/json");
    expect(res.body).toEqual({ error: "forbidden", message: `this needs the ${w.role} role in the workspace; you have viewer` });
  }
  expect(await snapshot(ws)).toBe(before);
}

describe("a viewer's writes", () => {
  it("a viewer of the provider: every write on its resources is 403 with a JSON body, nothing changed", async () => {
    const owner = await createUser([{ workspaceId: t.provider.id, role: "owner" }]);
    const source = await t.createSource(`Viewer writes ${Date.now()}`, [{ id: "hook", kind: "webhook", config: {} }]);
    const writes = await writesIn(t.provider.id, source.id, t.users.tech, owner);
    await expectRefused(t.users.providerViewer, writes, t.provider.id);
  });

  it("a viewer of a client: every write on its pushed copy and its resources is 403 with a JSON body, nothing changed", async () => {
    const source = await t.createSource(`Pushed for viewers ${Date.now()}`, [{ id: "hook", kind: "webhook", config: {} }]);
    const pushed = await t.tech.post(`/api/v1/workflows/${source.id}/push`, { targetWorkspaceId: t.clientB.id });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
    const viewer = await createUser([{ workspaceId: t.clientB.id, role: "viewer" }]);
    const writes = await writesIn(t.clientB.id, pushed.body.copy.id, t.users.adminB, t.users.adminB);
    await expectRefused(viewer, writes, t.clientB.id);
  });
});
