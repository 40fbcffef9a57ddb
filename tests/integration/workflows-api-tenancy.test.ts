// Tenant isolation and roles on every workflow route: a resource of another tenant answers
// 404 exactly like a missing one, and changes nothing; viewers read but may not write.
import { beforeAll, describe, expect, it } from "vitest";
import { createConnection } from "@/lib/connections/create-connection";
import { db } from "@/lib/db/client";
import { apiClient, type ApiClient, type Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { web, t, api: editor } = startTestServer();
let wf: Json;
let clientWf: Json;
let runId: string;

const MISSING = "00000000-0000-4000-8000-000000000000";
const body = { name: "Intruder", steps: [{ kind: "webhook", config: { sharedSecret: "x" } }] };

type Call = { method: "get" | "post" | "put" | "del"; path: (ids: { ws: string; wf: string; run: string }) => string; body?: unknown; write: boolean };
const ROUTES: Call[] = [
  { method: "get", path: (i) => `/api/v1/workspaces/${i.ws}/workflows`, write: false },
  { method: "post", path: (i) => `/api/v1/workspaces/${i.ws}/workflows`, body, write: true },
  { method: "get", path: (i) => `/api/v1/workflows/${i.wf}`, write: false },
  { method: "put", path: (i) => `/api/v1/workflows/${i.wf}`, body, write: true },
  { method: "del", path: (i) => `/api/v1/workflows/${i.wf}`, write: true },
  { method: "post", path: (i) => `/api/v1/workflows/${i.wf}/live`, write: true },
  { method: "post", path: (i) => `/api/v1/workflows/${i.wf}/draft`, write: true },
  { method: "post", path: (i) => `/api/v1/workflows/${i.wf}/webhook-url`, write: true },
  { method: "post", path: (i) => `/api/v1/workflows/${i.wf}/steps/1/test`, write: true },
  { method: "get", path: (i) => `/api/v1/workflows/${i.wf}/runs`, write: false },
  { method: "get", path: (i) => `/api/v1/workflows/${i.wf}/deliveries`, write: false },
  { method: "get", path: (i) => `/api/v1/runs/${i.run}`, write: false },
];

const call = (api: ApiClient, c: Call, ids: { ws: string; wf: string; run: string }) =>
  c.method === "get" || c.method === "del" ? api[c.method](c.path(ids)) : api[c.method](c.path(ids), c.body);

async function snapshot() {
  return {
    workflows: await db().workflow.findMany({ orderBy: { id: "asc" } }),
    endpoints: await db().webhookEndpoint.findMany({ orderBy: { id: "asc" } }),
    runs: await db().run.findMany({ orderBy: { id: "asc" } }),
    jobs: await db().$queryRaw`SELECT id FROM pgboss.job ORDER BY id`,
  };
}

beforeAll(async () => {
  wf = (await editor.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Provider flow", steps: [{ kind: "webhook", config: { sharedSecret: "s" } }] })).body;
  await editor.post(`/api/v1/workflows/${wf.id}/live`);
  runId = (await editor.post(`/api/v1/workflows/${wf.id}/steps/1/test`)).body.run.id;
  // A provider editor acts in the provider's client workspaces too.
  const created = await editor.post(`/api/v1/workspaces/${t.clientA1.id}/workflows`, { name: "Client flow", steps: [{ kind: "webhook", config: {} }] });
  expect(created.status).toBe(201);
  clientWf = created.body;
});

describe("another tenant's ids answer 404, as if they did not exist", () => {
  for (const who of ["outsider", "clientAdmin"] as const) {
    it(`for ${who === "outsider" ? "a user of another provider" : "a client-only user"}, on every route, changing nothing`, async () => {
      const api = apiClient(web.baseUrl, t[who].token);
      const before = await snapshot();
      for (const route of ROUTES) {
        const foreign = await call(api, route, { ws: t.providerA.id, wf: wf.id, run: runId });
        const missing = await call(api, route, { ws: MISSING, wf: MISSING, run: MISSING });
        const label = `${route.method.toUpperCase()} ${route.path({ ws: "{ws}", wf: "{wf}", run: "{run}" })}`;
        expect(foreign.status, label).toBe(404);
        expect(foreign.body, label).toEqual(missing.body);
      }
      expect(await snapshot()).toEqual(before);
    });
  }

  it("a client-only user sees their own workspace's workflows, not the provider's", async () => {
    const client = apiClient(web.baseUrl, t.clientAdmin.token);
    expect((await client.get(`/api/v1/workflows/${clientWf.id}`)).status).toBe(200);
    const list = await client.get(`/api/v1/workspaces/${t.clientA1.id}/workflows`);
    expect(list.body.workflows.map((w: Json) => w.id)).toEqual([clientWf.id]);
    const outsider = apiClient(web.baseUrl, t.outsider.token);
    expect((await outsider.get(`/api/v1/workflows/${clientWf.id}`)).status).toBe(404);
  });

  it("a step may name only its own workspace's app connection; one deleted since does not block a save", async () => {
    const theirs = await createConnection({ workspaceId: t.providerB.id, app: "rmm", name: "Their RMM", baseUrl: "https://rmm.example.test/api" });
    const ours = await createConnection({ workspaceId: t.clientA1.id, app: "rmm", name: "Our RMM", baseUrl: "https://rmm.example.test/api" });
    const steps = (connectionId: string) => [{ kind: "webhook", config: {} }, { kind: "http", config: { url: "https://rmm.example.test/api/x", connectionId } }];
    const before = await db().workflow.count();
    const refused = await editor.post(`/api/v1/workspaces/${t.clientA1.id}/workflows`, { name: "Borrowed", steps: steps(theirs.id) });
    expect(refused).toEqual({
      status: 400,
      body: { error: "invalid_workflow", message: `step 2 (HTTP Request): connectionId: no app connection ${theirs.id} in this workspace`, step: 2, stepId: expect.any(String), field: "connectionId" },
    });
    // The provider's own connection is not the client's either.
    const provider = await createConnection({ workspaceId: t.providerA.id, app: "rmm", name: "Provider RMM", baseUrl: "https://rmm.example.test/api" });
    expect((await editor.post(`/api/v1/workspaces/${t.clientA1.id}/workflows`, { name: "Borrowed", steps: steps(provider.id) })).status).toBe(400);
    expect(await db().workflow.count()).toBe(before);
    const made = await editor.post(`/api/v1/workspaces/${t.clientA1.id}/workflows`, { name: "Own", steps: steps(ours.id) });
    expect(made.status).toBe(201);
    await db().connection.delete({ where: { id: ours.id } });
    expect((await editor.put(`/api/v1/workflows/${made.body.id}`, { name: "Own, renamed", steps: made.body.steps })).status).toBe(200);
    const swapped = structuredClone(made.body.steps);
    swapped[1].config.connectionId = theirs.id;
    expect((await editor.put(`/api/v1/workflows/${made.body.id}`, { name: "Own", steps: swapped })).status).toBe(400);
  });

  it("answers 401 without credentials", async () => {
    const res = await fetch(`${web.baseUrl}/api/v1/workflows/${wf.id}`);
    expect(res.status).toBe(401);
  });
});

describe("roles", () => {
  it("a viewer reads every resource but gets 403 on every write, changing nothing", async () => {
    const viewer = apiClient(web.baseUrl, t.viewer.token);
    const before = await snapshot();
    for (const route of ROUTES) {
      const res = await call(viewer, route, { ws: t.providerA.id, wf: wf.id, run: runId });
      const label = `${route.method.toUpperCase()} ${route.path({ ws: "{ws}", wf: "{wf}", run: "{run}" })}`;
      expect(res.status, label).toBe(route.write ? 403 : 200);
      if (route.write) expect(res.body.error, label).toBe("forbidden");
    }
    expect(await snapshot()).toEqual(before);
  });
});
