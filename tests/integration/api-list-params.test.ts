// The list parameters a script sends are read as written: the audit log's `actor` is a piece of
// an e-mail, "_" and "%" included (not LIKE wildcards); a `before` time may carry any offset
// (+02:00 is the same instant as the Z time two hours earlier) on the runs, deliveries,
// workspace runs and audit lists; and a cursor whose id part is garbled is a 400 naming `before`
// instead of a page that starts with the cursor's own entry again.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { apiClient, createUser, type ApiClient } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { web } = startTestServer({ tenancy: "none" });
let api: ApiClient;
let ws: { id: string };
let flowId: string;

beforeAll(async () => {
  ws = await db().workspace.create({ data: { name: "Params MSP", kind: "provider" } });
  flowId = (await db().workflow.create({ data: { workspaceId: ws.id, name: "Alerts", steps: [] } })).id;
  api = apiClient(web.baseUrl, (await createUser([{ workspaceId: ws.id, role: "viewer" }])).token);
  const at = (iso: string) => new Date(iso);
  await db().auditEvent.createMany({
    data: [
      { workspaceId: ws.id, action: "variable_updated", actorEmail: "ana_b@acme.test", createdAt: at("2026-11-24T06:59:59.000Z") },
      { workspaceId: ws.id, action: "variable_created", actorEmail: "anaxb@acme.test", createdAt: at("2026-11-24T07:00:00.000Z") },
      { workspaceId: ws.id, action: "connection_deleted", actorEmail: "100%@acme.test", createdAt: at("2026-11-24T07:00:01.000Z") },
      { workspaceId: ws.id, action: "member_added", actorEmail: "1000@acme.test", createdAt: at("2026-11-24T07:00:02.000Z") },
    ],
  });
});

const audit = (q: string) => api.get(`/api/v1/workspaces/${ws.id}/audit?${q}`);
const emails = (r: { body: { events: { actor: { email: string } }[] } }) => r.body.events.map((e) => e.actor.email);

describe("audit actor filter", () => {
  it("matches _ and % as themselves", async () => {
    expect(emails(await audit("actor=ana_b"))).toEqual(["ana_b@acme.test"]);
    expect(emails(await audit(`actor=${encodeURIComponent("100%")}`))).toEqual(["100%@acme.test"]);
    expect(emails(await audit(`actor=${encodeURIComponent("%")}`))).toEqual(["100%@acme.test"]);
    expect(emails(await audit("actor=_"))).toEqual(["ana_b@acme.test"]);
    expect(emails(await audit("actor=ANA"))).toEqual(["anaxb@acme.test", "ana_b@acme.test"]);
  });
});

describe("before cursors", () => {
  const lists = () => [`/api/v1/workflows/${flowId}/runs`, `/api/v1/workflows/${flowId}/deliveries`, `/api/v1/workspaces/${ws.id}/runs`, `/api/v1/workspaces/${ws.id}/audit`];

  it("take an ISO time with an offset as that instant", async () => {
    // 09:00:00+02:00 is 07:00:00Z: only the event a second before it.
    expect(emails(await audit(`before=${encodeURIComponent("2026-11-24T09:00:00+02:00")}`))).toEqual(["ana_b@acme.test"]);
    expect(emails(await audit(`before=${encodeURIComponent("2026-11-24T01:30:00.5-05:30")}`))).toEqual(["anaxb@acme.test", "ana_b@acme.test"]);
    for (const path of lists()) {
      for (const before of ["2026-11-24T09:00:00+02:00", "2026-11-24T09:00:00.000+0200", "2026-11-24T02:00:00-05:00"]) {
        const r = await api.get(`${path}?before=${encodeURIComponent(before)}`);
        expect(r.status, `${path}?before=${before}`).toBe(200);
      }
    }
  });

  it("refuse a cursor whose id part is not an id, naming before", async () => {
    for (const path of lists()) {
      for (const before of ["2026-11-24T07:00:01.000Z_notauuid", "2026-11-24T07:00:01.000Z_"]) {
        const r = await api.get(`${path}?before=${encodeURIComponent(before)}`);
        expect(r.status, `${path}?before=${before}`).toBe(400);
        expect(r.body).toMatchObject({ error: "invalid_request", field: "before" });
        expect(r.body.message).toContain("before must be the nextBefore of an earlier page");
      }
    }
    // A real cursor still continues strictly after its entry.
    const first = await audit("limit=2");
    expect(emails(first)).toEqual(["1000@acme.test", "100%@acme.test"]);
    expect(emails(await audit(`limit=2&before=${encodeURIComponent(first.body.nextBefore)}`))).toEqual(["anaxb@acme.test", "ana_b@acme.test"]);
  });
});
