// The tenant-isolation matrix: a user of client A, of client B, of the provider and of an
// unrelated provider, against every /api/v1 route that takes an id, with the ids of every
// tenant they may not see → 404 (exactly like a missing id), and nothing in the database
// changed. Mixed cases too: own workflow with a foreign target, own copy with a foreign account.
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { hashSeenKey } from "@/lib/runs/hash-seen-key";
import { encryptSecret } from "@/lib/secrets/crypto";
import { createUser } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

type Ids = { ws: string; wf: string; run: string; conn: string; token: string; sess: string; member: string; inv: string; target: string };
type Route = { name: string; file?: string; method: string; path: (i: Ids) => string; body?: unknown; raw?: string };

const ROUTES: Route[] = [
  { name: "list workflows", file: "workspaces/[workspaceId]/workflows", method: "GET", path: (i) => `/api/v1/workspaces/${i.ws}/workflows` },
  { name: "create workflow", file: "workspaces/[workspaceId]/workflows", method: "POST", path: (i) => `/api/v1/workspaces/${i.ws}/workflows`, body: { name: "x", steps: [{ kind: "webhook", config: {} }] } },
  { name: "install blueprint", file: "workspaces/[workspaceId]/blueprints/[slug]", method: "POST", path: (i) => `/api/v1/workspaces/${i.ws}/blueprints/edr-alert-triage`, body: { setup: {} } },
  { name: "list variables", file: "workspaces/[workspaceId]/variables", method: "GET", path: (i) => `/api/v1/workspaces/${i.ws}/variables` },
  { name: "put variable", file: "workspaces/[workspaceId]/variables/[key]", method: "PUT", path: (i) => `/api/v1/workspaces/${i.ws}/variables/K`, body: { value: "intruder", secret: true } },
  { name: "delete variable", file: "workspaces/[workspaceId]/variables/[key]", method: "DELETE", path: (i) => `/api/v1/workspaces/${i.ws}/variables/K` },
  { name: "list connections", file: "workspaces/[workspaceId]/connections", method: "GET", path: (i) => `/api/v1/workspaces/${i.ws}/connections` },
  { name: "create connection", file: "workspaces/[workspaceId]/connections", method: "POST", path: (i) => `/api/v1/workspaces/${i.ws}/connections`, body: { app: "http", name: "intruder" } },
  { name: "list files", file: "workspaces/[workspaceId]/files", method: "GET", path: (i) => `/api/v1/workspaces/${i.ws}/files` },
  { name: "put file", file: "workspaces/[workspaceId]/files/[name]", method: "PUT", path: (i) => `/api/v1/workspaces/${i.ws}/files/f.txt`, raw: "intruder" },
  { name: "get file", file: "workspaces/[workspaceId]/files/[name]", method: "GET", path: (i) => `/api/v1/workspaces/${i.ws}/files/f.txt` },
  { name: "delete file", file: "workspaces/[workspaceId]/files/[name]", method: "DELETE", path: (i) => `/api/v1/workspaces/${i.ws}/files/f.txt` },
  { name: "audit log", file: "workspaces/[workspaceId]/audit", method: "GET", path: (i) => `/api/v1/workspaces/${i.ws}/audit` },
  { name: "read retention", file: "workspaces/[workspaceId]/retention", method: "GET", path: (i) => `/api/v1/workspaces/${i.ws}/retention` },
  { name: "set retention", file: "workspaces/[workspaceId]/retention", method: "PUT", path: (i) => `/api/v1/workspaces/${i.ws}/retention`, body: { runDays: 1 } },
  { name: "read failure alerts", file: "workspaces/[workspaceId]/failure-alerts", method: "GET", path: (i) => `/api/v1/workspaces/${i.ws}/failure-alerts` },
  { name: "set failure alerts", file: "workspaces/[workspaceId]/failure-alerts", method: "PUT", path: (i) => `/api/v1/workspaces/${i.ws}/failure-alerts`, body: { url: "https://hooks.example.com/intruder", enabled: true } },
  { name: "send a test alert", file: "workspaces/[workspaceId]/failure-alerts/test", method: "POST", path: (i) => `/api/v1/workspaces/${i.ws}/failure-alerts/test` },
  { name: "get workflow", file: "workflows/[workflowId]", method: "GET", path: (i) => `/api/v1/workflows/${i.wf}` },
  { name: "update workflow", file: "workflows/[workflowId]", method: "PUT", path: (i) => `/api/v1/workflows/${i.wf}`, body: { name: "x", steps: [] } },
  { name: "delete workflow", file: "workflows/[workflowId]", method: "DELETE", path: (i) => `/api/v1/workflows/${i.wf}` },
  { name: "go live", file: "workflows/[workflowId]/live", method: "POST", path: (i) => `/api/v1/workflows/${i.wf}/live` },
  { name: "blueprint upgrade", file: "workflows/[workflowId]/blueprint-upgrade", method: "POST", path: (i) => `/api/v1/workflows/${i.wf}/blueprint-upgrade` },
  { name: "back to draft", file: "workflows/[workflowId]/draft", method: "POST", path: (i) => `/api/v1/workflows/${i.wf}/draft` },
  { name: "rotate url", file: "workflows/[workflowId]/webhook-url", method: "POST", path: (i) => `/api/v1/workflows/${i.wf}/webhook-url` },
  { name: "test trigger", file: "workflows/[workflowId]/steps/1/test", method: "POST", path: (i) => `/api/v1/workflows/${i.wf}/steps/1/test` },
  { name: "test one step", method: "POST", path: (i) => `/api/v1/workflows/${i.wf}/steps/2/test` },
  { name: "test step 2", file: "workflows/[workflowId]/steps/[stepNumber]/test", method: "POST", path: (i) => `/api/v1/workflows/${i.wf}/steps/2/test` },
  { name: "list runs", file: "workflows/[workflowId]/runs", method: "GET", path: (i) => `/api/v1/workflows/${i.wf}/runs` },
  { name: "runs stopped by a push", file: "workflows/[workflowId]/runs/stopped-by-push", method: "GET", path: (i) => `/api/v1/workflows/${i.wf}/runs/stopped-by-push` },
  { name: "run the stopped runs again", file: "workflows/[workflowId]/runs/rerun-stopped", method: "POST", path: (i) => `/api/v1/workflows/${i.wf}/runs/rerun-stopped` },
  { name: "list seen ids", file: "workflows/[workflowId]/seen-ids", method: "GET", path: (i) => `/api/v1/workflows/${i.wf}/seen-ids` },
  { name: "forget a seen id", file: "workflows/[workflowId]/seen-ids", method: "DELETE", path: (i) => `/api/v1/workflows/${i.wf}/seen-ids`, body: { value: "alert-1" } },
  { name: "forget every seen id", file: "workflows/[workflowId]/seen-ids", method: "DELETE", path: (i) => `/api/v1/workflows/${i.wf}/seen-ids`, body: { all: true } },
  { name: "check a seen id", file: "workflows/[workflowId]/seen-ids/check", method: "POST", path: (i) => `/api/v1/workflows/${i.wf}/seen-ids/check`, body: { value: "alert-1" } },
  { name: "list deliveries", file: "workflows/[workflowId]/deliveries", method: "GET", path: (i) => `/api/v1/workflows/${i.wf}/deliveries` },
  { name: "get run", file: "runs/[runId]", method: "GET", path: (i) => `/api/v1/runs/${i.run}` },
  { name: "get run step", file: "runs/[runId]/steps/[stepId]", method: "GET", path: (i) => `/api/v1/runs/${i.run}/steps/t` },
  { name: "stop run", file: "runs/[runId]/stop", method: "POST", path: (i) => `/api/v1/runs/${i.run}/stop` },
  { name: "run again", file: "runs/[runId]/rerun", method: "POST", path: (i) => `/api/v1/runs/${i.run}/rerun` },
  { name: "push preflight", file: "workflows/[workflowId]/push-preflight", method: "GET", path: (i) => `/api/v1/workflows/${i.wf}/push-preflight?target=${i.target}` },
  { name: "push", file: "workflows/[workflowId]/push", method: "POST", path: (i) => `/api/v1/workflows/${i.wf}/push`, body: (i: Ids) => ({ targetWorkspaceId: i.target, sampleData: "clear" }) },
  { name: "pushed copies", file: "workflows/[workflowId]/pushes", method: "GET", path: (i) => `/api/v1/workflows/${i.wf}/pushes` },
  { name: "review", file: "workflows/[workflowId]/review", method: "GET", path: (i) => `/api/v1/workflows/${i.wf}/review` },
  { name: "choose account", file: "workflows/[workflowId]/review/accounts/[stepId]", method: "PUT", path: (i) => `/api/v1/workflows/${i.wf}/review/accounts/h`, body: { connectionId: null } },
  { name: "confirm review", file: "workflows/[workflowId]/review/confirm", method: "POST", path: (i) => `/api/v1/workflows/${i.wf}/review/confirm` },
  { name: "review webhook secret", file: "workflows/[workflowId]/review/webhook-secret", method: "PUT", path: (i) => `/api/v1/workflows/${i.wf}/review/webhook-secret`, body: { sharedSecret: "intruder" } },
  { name: "get connection", file: "connections/[connectionId]", method: "GET", path: (i) => `/api/v1/connections/${i.conn}` },
  { name: "update connection", file: "connections/[connectionId]", method: "PATCH", path: (i) => `/api/v1/connections/${i.conn}`, body: { name: "intruder", credentials: {} } },
  { name: "delete connection", file: "connections/[connectionId]", method: "DELETE", path: (i) => `/api/v1/connections/${i.conn}` },
  { name: "connect account (OAuth sign-in)", file: "connections/[connectionId]/oauth/start", method: "POST", path: (i) => `/api/v1/connections/${i.conn}/oauth/start` },
  { name: "revoke token", file: "auth/tokens/[tokenId]", method: "DELETE", path: (i) => `/api/v1/auth/tokens/${i.token}` },
  { name: "workspace runs", file: "workspaces/[workspaceId]/runs", method: "GET", path: (i) => `/api/v1/workspaces/${i.ws}/runs?clients=true` },
  { name: "rename workspace", file: "workspaces/[workspaceId]", method: "PATCH", path: (i) => `/api/v1/workspaces/${i.ws}`, body: { name: "intruder" } },
  { name: "delete workspace", file: "workspaces/[workspaceId]", method: "DELETE", path: (i) => `/api/v1/workspaces/${i.ws}` },
  { name: "add client", file: "workspaces/[workspaceId]/clients", method: "POST", path: (i) => `/api/v1/workspaces/${i.ws}/clients`, body: { name: "intruder" } },
  { name: "list members", file: "workspaces/[workspaceId]/members", method: "GET", path: (i) => `/api/v1/workspaces/${i.ws}/members` },
  { name: "add member", file: "workspaces/[workspaceId]/members", method: "POST", path: (i) => `/api/v1/workspaces/${i.ws}/members`, body: { email: "intruder@example.test", role: "owner" } },
  { name: "change member role", file: "workspaces/[workspaceId]/members/[userId]", method: "PATCH", path: (i) => `/api/v1/workspaces/${i.ws}/members/${i.member}`, body: { role: "viewer" } },
  { name: "reset member password", file: "workspaces/[workspaceId]/members/[userId]/reset-password", method: "POST", path: (i) => `/api/v1/workspaces/${i.ws}/members/${i.member}/reset-password` },
  { name: "list invitations", file: "workspaces/[workspaceId]/invitations", method: "GET", path: (i) => `/api/v1/workspaces/${i.ws}/invitations` },
  { name: "make invitation", file: "workspaces/[workspaceId]/invitations", method: "POST", path: (i) => `/api/v1/workspaces/${i.ws}/invitations`, body: { role: "owner" } },
  { name: "revoke invitation", file: "workspaces/[workspaceId]/invitations/[invitationId]", method: "DELETE", path: (i) => `/api/v1/workspaces/${i.ws}/invitations/${i.inv}` },
  { name: "remove member", file: "workspaces/[workspaceId]/members/[userId]", method: "DELETE", path: (i) => `/api/v1/workspaces/${i.ws}/members/${i.member}` },
  { name: "end session", file: "auth/sessions/[sessionId]", method: "DELETE", path: (i) => `/api/v1/auth/sessions/${i.sess}` },
];

const { web } = startTestServer({ tenancy: "none" });
const tenants: Record<string, Ids & { user: { id: string; token: string } }> = {};

async function seedTenant(name: string, kind: "provider" | "client", providerId?: string) {
  const ws = await db().workspace.create({ data: { name, kind, providerId } });
  const user = await createUser([{ workspaceId: ws.id, role: "owner" }]);
  const conn = await db().connection.create({ data: { workspaceId: ws.id, app: "http", name: "acct", authKind: "bearer", credentialsEncrypted: encryptSecret(JSON.stringify({ token: `tok-${name}` })) } });
  const steps = [
    { id: "t", kind: "webhook", name: "Webhook", config: {} },
    { id: "h", kind: "http", name: "Call", config: { method: "GET", url: "https://example.test", headers: [], query: [], body: { type: "none" }, connectionId: conn.id, timeoutMs: 1000, continueOnError: false } },
  ];
  const wf = await db().workflow.create({ data: { workspaceId: ws.id, name: `${name} flow`, steps: steps as unknown as Prisma.InputJsonValue } });
  const run = await db().run.create({ data: { workflowId: wf.id, workspaceId: ws.id, status: "succeeded" } });
  await db().runStep.create({ data: { runId: run.id, stepId: "t", number: 1, kind: "webhook", status: "succeeded", output: { tenant: name } } });
  // An id its "was already seen" rule remembers: the seen-ids routes must neither show nor forget it.
  await db().workflowSeenKey.create({ data: { workflowId: wf.id, keyHash: hashSeenKey("alert-1"), runId: run.id, seenAt: new Date(), expiresAt: new Date(Date.now() + 30 * 86_400_000) } });
  await db().variable.create({ data: { workspaceId: ws.id, key: "K", secret: true, valueEncrypted: encryptSecret(`value-of-${name}`) } });
  await db().file.create({ data: { workspaceId: ws.id, name: "f.txt", contentType: "text/plain", size: 4, sha256: "x", data: new Uint8Array(Buffer.from(name.slice(0, 4))) } });
  const token = await db().apiToken.findFirstOrThrow({ where: { userId: user.id } });
  const sess = await db().browserSession.create({ data: { userId: user.id, userAgent: `browser of ${name}` } });
  const inv = await db().invitation.create({ data: { workspaceId: ws.id, role: "viewer", tokenHash: randomBytes(32).toString("hex"), expiresAt: new Date(Date.now() + 86_400_000) } });
  return { ws: ws.id, wf: wf.id, run: run.id, conn: conn.id, token: token.id, sess: sess.id, member: user.id, inv: inv.id, target: ws.id, user };
}

async function snapshot() {
  const [workflows, variables, connections, files, copies, audit, runs, endpoints, tokens, jobs, retention, sessions, memberships, users, invitations, seenIds, failureAlerts] = await Promise.all([
    db().workflow.findMany({ orderBy: { id: "asc" } }),
    db().variable.findMany({ orderBy: { id: "asc" } }),
    db().connection.findMany({ orderBy: { id: "asc" } }),
    db().file.findMany({ orderBy: { id: "asc" }, omit: { data: true } }),
    db().workflowCopy.findMany({ orderBy: { id: "asc" } }),
    db().auditEvent.count(),
    db().run.count(),
    db().webhookEndpoint.findMany({ orderBy: { id: "asc" } }),
    db().apiToken.findMany({ orderBy: { id: "asc" }, select: { id: true, revokedAt: true } }),
    db().$queryRaw`SELECT count(*)::int AS n FROM pgboss.job`.catch(() => null),
    db().workspace.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true, retention: true } }),
    db().browserSession.findMany({ orderBy: { id: "asc" }, select: { id: true } }),
    db().membership.findMany({ orderBy: { id: "asc" }, select: { id: true, role: true } }),
    db().user.findMany({ orderBy: { id: "asc" }, select: { id: true, passwordHash: true, mustChangePassword: true } }),
    db().invitation.findMany({ orderBy: { id: "asc" } }),
    db().workflowSeenKey.findMany({ orderBy: [{ workflowId: "asc" }, { keyHash: "asc" }] }),
    db().failureAlertSetting.findMany({ orderBy: { workspaceId: "asc" } }),
  ]);
  return { workflows, variables, connections, files, copies, audit, runs, endpoints, tokens, jobs, retention, sessions, memberships, users, invitations, seenIds, failureAlerts };
}

async function call(token: string, r: Route, ids: Ids) {
  const body = typeof r.body === "function" ? (r.body as (i: Ids) => unknown)(ids) : r.body;
  const res = await fetch(`${web.baseUrl}${r.path(ids)}`, {
    method: r.method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { "content-type": "application/json" } : r.raw ? { "content-type": "text/plain" } : {}) },
    body: body !== undefined ? JSON.stringify(body) : r.raw,
  });
  const text = await res.text();
  const json = res.headers.get("content-type")?.includes("json");
  return { status: res.status, body: json && text ? JSON.parse(text) : text };
}

beforeAll(async () => {
  tenants.provider = await seedTenant("Provider", "provider");
  tenants.clientA = await seedTenant("Client A", "client", tenants.provider.ws);
  tenants.clientB = await seedTenant("Client B", "client", tenants.provider.ws);
  tenants.other = await seedTenant("Other MSP", "provider");
  tenants.otherClient = await seedTenant("Other client", "client", tenants.other.ws);
  // Each caller's own target for push routes: the provider's own client; others have none they may use.
  tenants.provider.target = tenants.clientA.ws;
  tenants.other.target = tenants.otherClient.ws;
});

// Who may not see whom (provider members act in their own clients, so those are not foreign).
const FOREIGN: Record<string, string[]> = {
  clientA: ["provider", "clientB", "other", "otherClient"],
  clientB: ["provider", "clientA", "other", "otherClient"],
  provider: ["other", "otherClient"],
  other: ["provider", "clientA", "clientB"],
};

// Routes without a tenant id in them: nothing of another tenant to name (auth/sessions and
// auth/password act on the caller alone; auth-session.test.ts checks that another user's session
// is untouched; "[[...path]]" answers 404 for any path no route has, whatever it names;
// "invitations/[token]" takes a link's secret, which is the capability itself: invitations-api.test.ts;
// "connections/oauth/callback" takes a Connect's state, which only its own user can complete:
// oauth-authorization-code.test.ts).
const NO_IDS = new Set(["workspaces", "apps", "blueprints", "auth/token", "auth/tokens", "auth/sessions", "auth/password", "[[...path]]", "invitations/[token]", "invitations/[token]/accept", "connections/oauth/callback"]);

function routeFiles(dir = "app/api/v1", rel = ""): { file: string; methods: string[] }[] {
  return readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((d) => {
    const sub = rel ? `${rel}/${d.name}` : d.name;
    if (d.isDirectory()) return routeFiles(dir, sub);
    if (d.name !== "route.ts") return [];
    // Every way a route module can export a handler: const, (async) function, or a re-export list.
    const source = readFileSync(path.join(dir, sub), "utf8");
    const declared = [...source.matchAll(/export (?:const|(?:async )?function) (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]);
    const listed = [...source.matchAll(/export \{([^}]*)\}/g)].flatMap((m) => [...m[1].matchAll(/\b(GET|POST|PUT|PATCH|DELETE)\b/g)].map((x) => x[1]));
    const methods = [...new Set([...declared, ...listed])];
    return [{ file: rel, methods }];
  });
}

describe("tenant isolation matrix", () => {
  it("covers every method of every /api/v1 route that takes an id", () => {
    const covered = new Set(ROUTES.map((r) => `${r.method} ${r.file}`));
    const missing = routeFiles()
      .filter((r) => !NO_IDS.has(r.file))
      .flatMap((r) => r.methods.map((m) => `${m} ${r.file}`))
      .filter((k) => !covered.has(k));
    expect(missing).toEqual([]);
  });

  it("finds at least one method in every /api/v1 route file (a form the scan cannot read would escape it)", () => {
    expect(routeFiles().filter((r) => r.methods.length === 0).map((r) => r.file)).toEqual([]);
  });

  for (const [caller, foreign] of Object.entries(FOREIGN)) {
    it(`a user of ${caller} gets 404 for every route with another tenant's ids, and nothing changes`, async () => {
      const before = await snapshot();
      const failures: string[] = [];
      for (const owner of foreign) {
        // Foreign ids everywhere; the push target is the caller's own, so only the source is foreign.
        const ids = { ...tenants[owner], target: tenants[caller].target };
        for (const r of ROUTES) {
          const res = await call(tenants[caller].user.token, r, ids);
          if (res.status !== 404 || res.body?.error !== "not_found") failures.push(`${r.name} on ${owner}'s ids: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        }
      }
      expect(failures).toEqual([]);
      expect(await snapshot()).toEqual(before);
    });
  }

  it("control: the same read routes with the caller's own ids answer 200", async () => {
    const reads = ROUTES.filter((r) => r.method === "GET" && r.name !== "push preflight");
    for (const caller of ["clientA", "provider"]) {
      for (const r of reads) expect((await call(tenants[caller].user.token, r, tenants[caller])).status, `${caller} ${r.name}`).toBe(200);
    }
    expect((await call(tenants.provider.user.token, ROUTES.find((r) => r.name === "push preflight")!, tenants.provider)).status).toBe(200);
  });

  it("own workflow with a foreign target, own copy with a foreign account: 404, nothing changes", async () => {
    const before = await snapshot();
    const p = tenants.provider;
    const cases: [string, Route, Ids][] = [
      [p.user.token, ROUTES.find((r) => r.name === "push preflight")!, { ...p, target: tenants.otherClient.ws }],
      [p.user.token, ROUTES.find((r) => r.name === "push")!, { ...p, target: tenants.otherClient.ws }],
      [tenants.clientA.user.token, ROUTES.find((r) => r.name === "push")!, { ...tenants.clientA, target: tenants.clientB.ws }],
    ];
    for (const [token, r, ids] of cases) expect((await call(token, r, ids)).status, r.name).toBe(404);

    // A real pushed copy in client A, then client A tries to select client B's account for it.
    const pushed = await call(p.user.token, ROUTES.find((r) => r.name === "push")!, { ...p, target: tenants.clientA.ws });
    expect(pushed.status).toBe(201);
    const mid = await snapshot();
    const choose = await fetch(`${web.baseUrl}/api/v1/workflows/${pushed.body.copy.id}/review/accounts/h`, {
      method: "PUT",
      headers: { authorization: `Bearer ${tenants.clientA.user.token}`, "content-type": "application/json" },
      body: JSON.stringify({ connectionId: tenants.clientB.conn }),
    });
    expect(choose.status).toBe(404);
    expect(await snapshot()).toEqual(mid);
    expect(mid.workflows.length).toBe(before.workflows.length + 1);
  });

  it("a foreign account id in a blueprint install answers like a missing one", async () => {
    const install = async (connectionId: string) => {
      const res = await fetch(`${web.baseUrl}/api/v1/workspaces/${tenants.clientA.ws}/blueprints/edr-alert-triage`, {
        method: "POST",
        headers: { authorization: `Bearer ${tenants.clientA.user.token}`, "content-type": "application/json" },
        body: JSON.stringify({ setup: { clientName: "A" }, connections: { psa: connectionId } }),
      });
      return { status: res.status, error: ((await res.json()) as { error?: string }).error };
    };
    const before = await db().workflow.count();
    const foreign = await install(tenants.clientB.conn);
    const missing = await install(`00000000-0000-4000-8000-${randomBytes(6).toString("hex")}`);
    expect(foreign).toEqual(missing);
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(await db().workflow.count()).toBe(before);
  });
});
