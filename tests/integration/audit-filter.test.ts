// A year of a busy MSP is thousands of audit events, 200 a page: "what happened to that secret",
// "what did this technician do", "who took this workflow Live" must not mean paging through
// them all. GET …/audit?what=&actor=&workflowId= narrows the log, pages continue within the
// filter, an unknown `what` is a 400, and the audit page has the same filters.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { apiClient, createUser } from "../helpers/api-fixtures";
import { browser, createPasswordUser } from "../helpers/auth-fixtures";
import { startTestServer } from "../helpers/api-server";

const { web } = startTestServer({ tenancy: "none" });
let ws: { id: string };
let api: ReturnType<typeof apiClient>;
let flowId: string;

beforeAll(async () => {
  ws = await db().workspace.create({ data: { name: "Busy MSP", kind: "provider" } });
  flowId = (await db().workflow.create({ data: { workspaceId: ws.id, name: "EDR alerts", steps: [] } })).id;
  api = apiClient(web.baseUrl, (await createUser([{ workspaceId: ws.id, role: "viewer" }])).token);
  const base = Date.UTC(2026, 0, 1);
  const event = (i: number, action: string, actorEmail: string, workflowId: string | null = null) => ({
    workspaceId: ws.id, action, actorEmail, workflowId, details: { key: `K${i}`, name: `n${i}`, workflowName: "EDR alerts" }, createdAt: new Date(base + i * 1000),
  });
  await db().auditEvent.createMany({
    data: [
      ...Array.from({ length: 30 }, (_, i) => event(i, "variable_updated", "ana@acme.test")),
      event(30, "went_live", "Bob@Acme.test", flowId),
      event(31, "connection_deleted", "bob@acme.test"),
      event(32, "unpublished", "ana@acme.test", flowId),
      event(33, "member_added", "owner@acme.test"),
    ],
  });
});
afterAll(async () => {
  await db().workspace.delete({ where: { id: ws.id } }).catch(() => {});
});

const actions = (r: { body: { events: { action: string }[] } }) => r.body.events.map((e) => e.action);

describe("GET /api/v1/workspaces/{ws}/audit filters", () => {
  it("narrow to a group of actions, to part of an actor's e-mail (any case), to a workflow, and together", async () => {
    expect(actions(await api.get(`/api/v1/workspaces/${ws.id}/audit?what=workflows`))).toEqual(["unpublished", "went_live"]);
    expect(actions(await api.get(`/api/v1/workspaces/${ws.id}/audit?actor=BOB@`))).toEqual(["connection_deleted", "went_live"]);
    expect(actions(await api.get(`/api/v1/workspaces/${ws.id}/audit?workflowId=${flowId}`))).toEqual(["unpublished", "went_live"]);
    expect(actions(await api.get(`/api/v1/workspaces/${ws.id}/audit?what=resources&actor=bob`))).toEqual(["connection_deleted"]);
    expect(actions(await api.get(`/api/v1/workspaces/${ws.id}/audit?what=&actor=`))).toHaveLength(34);
  });

  it("pages within the filter", async () => {
    const seen: string[] = [];
    let before: string | null = null;
    for (let page = 0; page < 20 && (page === 0 || before); page++) {
      const r = await api.get(`/api/v1/workspaces/${ws.id}/audit?what=resources&actor=ana&limit=7${before ? `&before=${encodeURIComponent(before)}` : ""}`);
      expect(r.status).toBe(200);
      seen.push(...r.body.events.map((e: { details: { key: string } }) => e.details.key));
      before = r.body.nextBefore;
    }
    expect(seen).toEqual(Array.from({ length: 30 }, (_, i) => `K${29 - i}`));
  });

  it("refuses a `what` that is no group (400, naming the choices)", async () => {
    const r = await api.get(`/api/v1/workspaces/${ws.id}/audit?what=secrets`);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "invalid_request", field: "what" });
    expect(r.body.message).toContain("resources");
  });

  it("the audit page filters by What and Who, keeps them for older pages, and says when nothing matches", async () => {
    const owner = await createPasswordUser({ password: "audit-filter-1", memberships: [{ workspaceId: ws.id, role: "viewer" }] });
    const b = browser(web.baseUrl);
    expect((await b.signIn(owner.email, "audit-filter-1")).status).toBe(302);
    const html = await (await b.request(`/w/${ws.id}/audit?what=resources&actor=ana`)).text();
    expect(html).toContain('aria-label="Filter the audit log"');
    expect(html).toContain("Variable changed");
    expect(html).not.toContain("Account deleted");
    expect(html).not.toContain("Went live");
    expect(html).toContain("Clear filters");
    const none = await (await b.request(`/w/${ws.id}/audit?what=runs`)).text();
    expect(none).toContain("Nothing matches these filters.");
  });
});
