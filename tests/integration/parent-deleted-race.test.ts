// A write racing the deletion of its parent: the access check still saw the workflow or the
// workspace, then the insert's foreign key found it gone. It answered 500 internal_error; it must
// answer the 404 the route gives once the parent is gone, and leave nothing behind.
// The delete is held on the parent's row until the write waits on it, so the race is hit each time.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { deleteDuring } from "../helpers/lock-waits";
import { apiClient, createUser, type ApiResult } from "../helpers/api-fixtures";
import { startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();

const clientWorkspace = (name: string) => db().workspace.create({ data: { name, kind: "client", providerId: t.provider.id } });

describe("a write racing the deletion of its parent", () => {
  it("Test & Debug's run of a workflow being deleted answers 404 and leaves no run", async () => {
    const wf = await t.createSource("Deleted while tested", [{ id: "hook", kind: "webhook", config: {} }]);
    const res = await deleteDuring("Workflow", wf.id, () => t.tech.post(`/api/v1/workflows/${wf.id}/steps/1/test`, { scope: "workflow" }));
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body).toMatchObject({ error: "not_found", message: "workflow not found" });
    expect(await db().run.count({ where: { workflowId: wf.id } })).toBe(0);
  });

  it("Run again of a run whose workflow is being deleted answers 404 and leaves no run", async () => {
    const wf = await t.createSource("Deleted while rerun", [{ id: "hook", kind: "webhook", config: {} }]);
    const source = await db().run.create({ data: { workflowId: wf.id, workspaceId: t.provider.id, status: "succeeded", test: true, scope: "workflow", trigger: { n: 1 } } });
    const res = await deleteDuring("Workflow", wf.id, () => t.tech.post(`/api/v1/runs/${source.id}/rerun`));
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body).toMatchObject({ error: "not_found", message: "run not found" });
    expect(await db().run.count({ where: { workflowId: wf.id } })).toBe(0);
  });

  const owner = async () => apiClient(t.web.baseUrl, (await createUser([{ workspaceId: t.provider.id, role: "owner" }])).token);
  const writes: Record<string, (ws: string) => Promise<ApiResult>> = {
    "a member": async (ws) => (await owner()).post(`/api/v1/workspaces/${ws}/members`, { email: `race-${ws}@example.test`, role: "viewer" }),
    "an invitation": async (ws) => (await owner()).post(`/api/v1/workspaces/${ws}/invitations`, { role: "viewer" }),
    "an account": (ws) => t.tech.post(`/api/v1/workspaces/${ws}/connections`, { app: "rmm", name: "Race", authKind: "bearer", credentials: { token: "t" } }),
    "a variable": (ws) => t.tech.put(`/api/v1/workspaces/${ws}/variables/RACE`, { value: "v" }),
    "a file": async (ws) => {
      const res = await t.putFile(ws, "race.txt", "bytes", t.users.tech);
      return { status: res.status, body: await res.json() };
    },
    "a workflow": (ws) => t.tech.post(`/api/v1/workspaces/${ws}/workflows`, { name: "Race", steps: [{ id: "hook", kind: "webhook", config: {} }] }),
    "a blueprint": (ws) =>
      t.tech.post(`/api/v1/workspaces/${ws}/blueprints/new-hire-provisioning`, { setup: { domain: "race.example.test", clientName: "Race", documentationOrganizationId: "ORG-1" } }),
    "a push": async (ws) => t.tech.post(`/api/v1/workflows/${(await t.createSource(`Pushed to ${ws}`, [{ id: "hook", kind: "webhook", config: {} }])).id}/push`, { targetWorkspaceId: ws }),
    "retention settings": async (ws) => (await owner()).put(`/api/v1/workspaces/${ws}/retention`, { runDays: 3 }),
  };
  it.each(Object.keys(writes))("adding %s to a client being deleted answers 404 and leaves nothing", async (what) => {
    const ws = await clientWorkspace(`Deleted while adding ${what}`);
    const write = writes[what];
    const res = await deleteDuring("Workspace", ws.id, () => write(ws.id));
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body).toMatchObject({ error: "not_found", message: "workspace not found" });
    for (const table of ["Membership", "Invitation", "Connection", "Variable", "File", "AuditEvent", "Workflow"]) {
      expect(await db().$queryRawUnsafe(`SELECT count(*)::int AS n FROM "${table}" WHERE "workspaceId" = $1`, ws.id), table).toEqual([{ n: 0 }]);
    }
    expect(await db().user.count({ where: { email: `race-${ws.id}@example.test` } })).toBe(0);
  });

  // The write holds its workflow's (or run's) row and then logs an audit event under the client,
  // whose row the delete holds and whose cascade then waits on that workflow: a deadlock, answered
  // 503 "send it again", which can only ever find the client gone.
  const workflowWrites: Record<string, { live: boolean; write: (wf: string) => Promise<ApiResult> }> = {
    "Go live": { live: false, write: (wf) => t.tech.post(`/api/v1/workflows/${wf}/live`) },
    "Draft": { live: true, write: (wf) => t.tech.post(`/api/v1/workflows/${wf}/draft`) },
    "Generate a new URL": { live: true, write: (wf) => t.tech.post(`/api/v1/workflows/${wf}/webhook-url`) },
  };
  it.each(Object.keys(workflowWrites))("%s on a workflow of a client being deleted answers 404", async (what) => {
    const ws = await clientWorkspace(`Deleted during ${what}`);
    const created = await t.tech.post(`/api/v1/workspaces/${ws.id}/workflows`, { name: what, steps: [{ id: "hook", kind: "webhook", config: {} }] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { live, write } = workflowWrites[what];
    if (live) expect((await t.tech.post(`/api/v1/workflows/${created.body.id}/live`)).status).toBe(200);
    const res = await deleteDuring("Workspace", ws.id, () => write(created.body.id));
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body).toMatchObject({ error: "not_found", message: "workflow not found" });
    expect(await db().workspace.count({ where: { id: ws.id } })).toBe(0);
  });

  it("Stop of a run in a client being deleted answers 404", async () => {
    const ws = await clientWorkspace("Deleted during Stop");
    const created = await t.tech.post(`/api/v1/workspaces/${ws.id}/workflows`, { name: "Stop", steps: [{ id: "hook", kind: "webhook", config: {} }] });
    const run = await db().run.create({ data: { workflowId: created.body.id, workspaceId: ws.id, status: "running", test: true, scope: "workflow", trigger: {} } });
    const res = await deleteDuring("Workspace", ws.id, () => t.tech.post(`/api/v1/runs/${run.id}/stop`));
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    expect(res.body).toMatchObject({ error: "not_found", message: "run not found" });
    expect(await db().workspace.count({ where: { id: ws.id } })).toBe(0);
  });
});
