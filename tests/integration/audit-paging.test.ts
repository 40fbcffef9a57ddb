// Older audit events are reachable: GET …/audit?limit=&before= pages through the whole log with
// the answer's nextBefore (null on the last page), events that share a time included; a
// `before` that is not a cursor or a time is a 400; the audit page links to older events.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { apiClient, createUser } from "../helpers/api-fixtures";
import { browser, createPasswordUser } from "../helpers/auth-fixtures";
import { startTestServer } from "../helpers/api-server";

const { web } = startTestServer({ tenancy: "none" });

async function workspaceWithEvents(count: number) {
  const ws = await db().workspace.create({ data: { name: "Long history", kind: "provider" } });
  // Groups of five share one millisecond, as events written in one transaction do.
  const base = Date.UTC(2026, 0, 1);
  await db().auditEvent.createMany({
    data: Array.from({ length: count }, (_, i) => ({ workspaceId: ws.id, action: "workspace_renamed", details: { from: `n${i}`, to: `n${i + 1}` }, createdAt: new Date(base + Math.floor(i / 5) * 1000) })),
  });
  return ws;
}

describe("GET /api/v1/workspaces/{ws}/audit?before=", () => {
  it("pages through every event once, newest first, and ends with nextBefore null", async () => {
    const ws = await workspaceWithEvents(23);
    const api = apiClient(web.baseUrl, (await createUser([{ workspaceId: ws.id, role: "viewer" }])).token);
    const seen: string[] = [];
    let before: string | null = null;
    for (let page = 0; page < 20; page++) {
      const r = await api.get(`/api/v1/workspaces/${ws.id}/audit?limit=4${before ? `&before=${encodeURIComponent(before)}` : ""}`);
      expect(r.status).toBe(200);
      seen.push(...r.body.events.map((e: { id: string }) => e.id));
      before = r.body.nextBefore;
      if (before === null) break;
      expect(r.body.events).toHaveLength(4);
    }
    expect(before).toBeNull();
    const all = await db().auditEvent.findMany({ where: { workspaceId: ws.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } });
    expect(seen).toEqual(all.map((e) => e.id));
    // Exactly a page's worth left: the last full page says so (limit + 1 read).
    const r = await api.get(`/api/v1/workspaces/${ws.id}/audit?limit=23`);
    expect(r.body).toMatchObject({ nextBefore: null });
    expect(r.body.events).toHaveLength(23);
    // A bare time: the events before it.
    const byTime = await api.get(`/api/v1/workspaces/${ws.id}/audit?before=${new Date(Date.UTC(2026, 0, 1, 0, 0, 1)).toISOString()}`);
    expect(byTime.body.events).toHaveLength(5);
  });

  it("refuses a before that is neither a cursor nor a time", async () => {
    const ws = await workspaceWithEvents(1);
    const api = apiClient(web.baseUrl, (await createUser([{ workspaceId: ws.id, role: "viewer" }])).token);
    for (const bad of ["yesterday", "2026-13-45T00:00:00Z", "2026-01-01T00:00:00Z_' OR 1=1"]) {
      const r = await api.get(`/api/v1/workspaces/${ws.id}/audit?before=${encodeURIComponent(bad)}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.message).toMatch(/before/);
    }
  });

  it("the audit page shows 200 events and a Show older link to the rest", async () => {
    const ws = await workspaceWithEvents(203);
    const user = await createPasswordUser({ password: "audit-pages-1", memberships: [{ workspaceId: ws.id, role: "viewer" }] });
    const b = browser(web.baseUrl);
    expect((await b.signIn(user.email, "audit-pages-1")).status).toBe(302);
    const first = await (await b.request(`/w/${ws.id}/audit`)).text();
    const link = /href="([^"]*\/audit\?before=[^"]+)"[^>]*>Show older</.exec(first);
    expect(link).not.toBeNull();
    const older = await (await b.request(link![1].replaceAll("&amp;", "&"))).text();
    // The three oldest in the log's order (time, then id: within a time the ids decide).
    const rest = await db().auditEvent.findMany({ where: { workspaceId: ws.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: 200 });
    const texts = rest.map((e) => e.details as { from: string; to: string }).map((d) => `>${d.from} → ${d.to}<`);
    expect(texts).toHaveLength(3);
    for (const text of texts) {
      expect(older).toContain(text);
      expect(first).not.toContain(text);
    }
    expect(older).not.toContain("Show older");
    expect(older).toContain(">Newest<");
  });
});
