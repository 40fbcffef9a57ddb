// A write the caller's role does not allow is refused for that (403; 404 outside the workspace)
// whatever its body: judging the body first told a viewer "unknown field days" about a change they
// may not make at all, and taught them the shape of routes they cannot use.
import { describe, expect, it } from "vitest";
import { apiClient } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { web, t } = startTestServer();

type Call = [method: "put" | "post" | "patch", path: (ws: string, memberId: string) => string];

const WRITES: Call[] = [
  ["put", (ws) => `/api/v1/workspaces/${ws}/retention`],
  ["patch", (ws) => `/api/v1/workspaces/${ws}`],
  ["post", (ws) => `/api/v1/workspaces/${ws}/connections`],
  ["post", (ws) => `/api/v1/workspaces/${ws}/workflows`],
  ["put", (ws) => `/api/v1/workspaces/${ws}/variables/API_BASE`],
  ["post", (ws) => `/api/v1/workspaces/${ws}/members`],
  ["patch", (ws, id) => `/api/v1/workspaces/${ws}/members/${id}`],
  ["post", (ws, id) => `/api/v1/workspaces/${ws}/members/${id}/reset-password`],
  ["post", (ws) => `/api/v1/workspaces/${ws}/clients`],
  ["post", (ws) => `/api/v1/workspaces/${ws}/invitations`],
  ["post", (ws) => `/api/v1/workspaces/${ws}/blueprints/new-hire-onboarding`],
];

// The workflow's own writes, for editors: the role is that of its workspace.
const WORKFLOW_WRITES: [method: "put" | "post", path: (wf: string) => string][] = [
  ["put", (wf) => `/api/v1/workflows/${wf}`],
  ["post", (wf) => `/api/v1/workflows/${wf}/live`],
  ["post", (wf) => `/api/v1/workflows/${wf}/blueprint-upgrade`],
  ["post", (wf) => `/api/v1/workflows/${wf}/draft`],
  ["post", (wf) => `/api/v1/workflows/${wf}/webhook-url`],
  ["post", (wf) => `/api/v1/workflows/${wf}/steps/1/test`],
  ["post", (wf) => `/api/v1/workflows/${wf}/steps/2/test`],
  ["post", (wf) => `/api/v1/workflows/${wf}/push`],
  ["post", (wf) => `/api/v1/workflows/${wf}/review/confirm`],
  ["put", (wf) => `/api/v1/workflows/${wf}/review/webhook-secret`],
  ["put", (wf) => `/api/v1/workflows/${wf}/review/accounts/s1`],
];

describe("a write's role is checked before its body", () => {
  it.each(WRITES.map(([m, p]) => [m.toUpperCase(), p("{ws}", "{member}"), m, p] as const))("%s %s: a viewer's bad body is 403, an outsider's 404", async (_, __, method, path) => {
    const url = path(t.providerA.id, t.editor.id);
    const viewer = await apiClient(web.baseUrl, t.viewer.token)[method](url, { days: 1 });
    expect(viewer.status, JSON.stringify(viewer.body)).toBe(403);
    expect(viewer.body.error).toBe("forbidden");
    const outsider = await apiClient(web.baseUrl, t.outsider.token)[method](url, { days: 1 });
    expect(outsider.status, JSON.stringify(outsider.body)).toBe(404);
  });

  it.each(WORKFLOW_WRITES.map(([m, p]) => [m.toUpperCase(), p("{wf}"), m, p] as const))("%s %s: a viewer's bad body is 403, an outsider's 404", async (_, __, method, path) => {
    const created = await apiClient(web.baseUrl, t.editor.token).post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Role first", steps: [] });
    expect(created.status).toBe(201);
    const url = path(created.body.id);
    const viewer = await apiClient(web.baseUrl, t.viewer.token)[method](url, { days: 1 });
    expect(viewer.status, JSON.stringify(viewer.body)).toBe(403);
    const outsider = await apiClient(web.baseUrl, t.outsider.token)[method](url, { days: 1 });
    expect(outsider.status, JSON.stringify(outsider.body)).toBe(404);
    expect(outsider.body.message).toBe("workflow not found");
  });

  it("PATCH /connections/{id}: a viewer's bad body is 403, an outsider's 404", async () => {
    const created = await apiClient(web.baseUrl, t.editor.token).post(`/api/v1/workspaces/${t.providerA.id}/connections`, { app: "rmm", name: "Role first", credentials: { apiKey: "rmm-key-1" } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const url = `/api/v1/connections/${created.body.connection.id}`;
    expect((await apiClient(web.baseUrl, t.viewer.token).patch(url, { days: 1 })).status).toBe(403);
    expect((await apiClient(web.baseUrl, t.outsider.token).patch(url, { days: 1 })).status).toBe(404);
  });

  it("an owner's bad body is still named (the check moved, the validation did not)", async () => {
    const owner = await apiClient(web.baseUrl, t.clientAdmin.token).put(`/api/v1/workspaces/${t.clientA1.id}/retention`, { days: 1 });
    expect(owner.status).toBe(400);
    expect(owner.body.message).toMatch(/days/);
  });
});
