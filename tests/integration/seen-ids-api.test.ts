// The ids a workflow's "was already seen" rule remembers, seen and forgotten through the API:
// real deliveries to a Live workflow's URL record them (the worker runs the rule), the routes
// list and check them, and forgetting one lets that id's next delivery run on — the technician's
// way to let a legitimate resend through once the bug that failed its first run is fixed.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { finishedRunView, type ApiClient, type Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";
import { eventually } from "../helpers/services";

const { t, api, as, web } = startTestServer({ worker: true });

const steps = [
  { id: "hook", kind: "webhook", name: "EDR alert", config: {} },
  {
    id: "dedup",
    kind: "conditions",
    name: "Repeat?",
    config: { branches: [{ id: "dup", name: "Already seen", rules: [{ left: "{{ 1.alertId }}", op: "seen_before", right: "" }], target: "stop" }], otherwise: { target: "ticket" } },
  },
  { id: "ticket", kind: "transform", name: "Open ticket", config: { fields: [{ name: "text", expression: '"Ticket for " & {{ 1.alertId }}' }] } },
];

async function liveWorkflow(client: ApiClient, workspaceId: string): Promise<{ id: string; url: string }> {
  const created = await client.post(`/api/v1/workspaces/${workspaceId}/workflows`, { name: `seen ids ${randomBytes(3).toString("hex")}`, steps });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const live = await client.post(`/api/v1/workflows/${created.body.id}/live`);
  expect(live.status, JSON.stringify(live.body)).toBe(200);
  return { id: created.body.id, url: live.body.webhookUrl };
}

/** Delivers the payloads one after another, each run ended before the next is sent; the runs, oldest first. */
async function deliver(client: ApiClient, wf: { id: string; url: string }, ...payloads: unknown[]): Promise<Json[]> {
  const runs: Json[] = [];
  for (const payload of payloads) {
    const before = (await client.get(`/api/v1/workflows/${wf.id}/runs?limit=100`)).body.runs.length as number;
    const res = await fetch(wf.url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(payload) });
    expect(res.status).toBe(202);
    const id = await eventually(
      async () => {
        const list = (await client.get(`/api/v1/workflows/${wf.id}/runs?limit=100`)).body.runs as { id: string; status: string }[];
        return list.length > before && ["succeeded", "failed", "stopped"].includes(list[0].status) ? list[0].id : null;
      },
      60_000,
      `run ${before + 1} of ${wf.id} to end`,
    );
    runs.push(await finishedRunView(client, id));
  }
  return runs;
}

const tookTicket = (run: Json) => run.status === "succeeded" && run.steps[2].status === "succeeded";
const tookSeen = (run: Json) => run.status === "stopped" && run.steps[1].output?.branch === "dup";

/** DELETE with a body (the fixtures' del sends none). */
async function forget(token: string, workflowId: string, body: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${web.baseUrl}/api/v1/workflows/${workflowId}/seen-ids`, { method: "DELETE", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

describe("seen ids: list, check, forget", () => {
  it("lists the ids live runs remembered and checks one as the rule hashes it (42 and \"42\" are one id)", async () => {
    const wf = await liveWorkflow(api, t.providerA.id);
    const empty = await api.get(`/api/v1/workflows/${wf.id}/seen-ids`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ count: 0, oldestFirstSeenAt: null, newestFirstSeenAt: null, ids: [], nextBefore: null });

    const [first, , third] = await deliver(api, wf, { alertId: "alert-1" }, { alertId: 42 }, { alertId: "alert-3" });
    const list = await api.get(`/api/v1/workflows/${wf.id}/seen-ids`);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(3);
    expect(list.body.ids).toHaveLength(3);
    expect(list.body.ids[0].runId).toBe(third.id);
    expect(list.body.ids[2].runId).toBe(first.id);
    expect(list.body.oldestFirstSeenAt).toBe(list.body.ids[2].firstSeenAt);
    expect(list.body.newestFirstSeenAt).toBe(list.body.ids[0].firstSeenAt);
    for (const e of list.body.ids) {
      expect(e.hashPrefix).toMatch(/^[0-9a-f]{12}$/);
      // The rule's default window: 30 days from first seen.
      expect(Date.parse(e.expiresAt) - Date.parse(e.firstSeenAt)).toBe(30 * 86_400_000);
    }
    // The id itself is never in an answer: only the start of its hash.
    expect(JSON.stringify(list.body)).not.toContain("alert-1");

    // Paged: one at a time, newest first, the cursor leading to the rest.
    const page1 = await api.get(`/api/v1/workflows/${wf.id}/seen-ids?limit=2`);
    expect(page1.body.ids.map((e: Json) => e.runId)).toEqual(list.body.ids.slice(0, 2).map((e: Json) => e.runId));
    const page2 = await api.get(`/api/v1/workflows/${wf.id}/seen-ids?limit=2&before=${page1.body.nextBefore}`);
    expect(page2.body.ids.map((e: Json) => e.runId)).toEqual([first.id]);
    expect(page2.body.nextBefore).toBeNull();

    const quoted = await api.post(`/api/v1/workflows/${wf.id}/seen-ids/check`, { value: "42" });
    expect(quoted.status).toBe(200);
    expect(quoted.body).toEqual({ remembered: true, ...list.body.ids[1] });
    const unknown = await api.post(`/api/v1/workflows/${wf.id}/seen-ids/check`, { value: "alert-9" });
    expect(unknown.body).toMatchObject({ remembered: false });
    expect((await api.post(`/api/v1/workflows/${wf.id}/seen-ids/check`, { value: "" })).status).toBe(400);
  });

  it("forgetting one id lets its next delivery run on; an id not remembered is a 404 that says so", async () => {
    const wf = await liveWorkflow(api, t.providerA.id);
    const [, repeat] = await deliver(api, wf, { alertId: "alert-7" }, { alertId: "alert-7" }, { alertId: "alert-8" });
    expect(tookSeen(repeat)).toBe(true);

    const gone = await forget(t.editor.token, wf.id, { value: "alert-7" });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(gone.body).toEqual({ forgotten: 1, count: 1 });
    expect((await api.post(`/api/v1/workflows/${wf.id}/seen-ids/check`, { value: "alert-7" })).body.remembered).toBe(false);
    const audit = await db().auditEvent.findFirst({ where: { workflowId: wf.id, action: "seen_ids_forgotten" } });
    expect(audit?.details).toMatchObject({ all: false, forgotten: 1, hashPrefix: expect.stringMatching(/^[0-9a-f]{12}$/) });
    expect(JSON.stringify(audit?.details)).not.toContain("alert-7");

    const [resent, again] = await deliver(api, wf, { alertId: "alert-7" }, { alertId: "alert-8" });
    expect(tookTicket(resent)).toBe(true);
    expect(tookSeen(again)).toBe(true);
    // The resend is remembered anew, by its own run.
    expect((await api.post(`/api/v1/workflows/${wf.id}/seen-ids/check`, { value: "alert-7" })).body).toMatchObject({ remembered: true, runId: resent.id });

    const missing = await forget(t.editor.token, wf.id, { value: "alert-nope" });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("seen_id_not_found");
    expect(missing.body.message).toContain('"alert-nope" is not remembered by this workflow');
  });

  it("forgets every id only with the explicit flag", async () => {
    const wf = await liveWorkflow(api, t.providerA.id);
    await deliver(api, wf, { alertId: "a" }, { alertId: "b" });
    for (const body of [{}, { all: false }, { value: "a", all: true }]) {
      const refused = await forget(t.editor.token, wf.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message).toContain('{"all": true}');
    }
    expect((await api.get(`/api/v1/workflows/${wf.id}/seen-ids`)).body.count).toBe(2);

    expect(await forget(t.editor.token, wf.id, { all: true })).toEqual({ status: 200, body: { forgotten: 2, count: 0 } });
    expect((await api.get(`/api/v1/workflows/${wf.id}/seen-ids`)).body.count).toBe(0);
    const [a] = await deliver(api, wf, { alertId: "a" });
    expect(tookTicket(a)).toBe(true);
  });

  it("a window shortened since applies to the ids already remembered, in the list, the check, forget and the next delivery alike; one lengthened does not extend them", { timeout: 120_000 }, async () => {
    const wf = await liveWorkflow(api, t.providerA.id);
    const [, second] = await deliver(api, wf, { alertId: "short-1" }, { alertId: "short-2" });
    /** Saves the rule's "Remember for (days)". */
    const rememberFor = async (days: string) => {
      const read = (await api.get(`/api/v1/workflows/${wf.id}`)).body;
      read.steps[1].config.branches[0].rules[0].right = days;
      const put = await api.put(`/api/v1/workflows/${wf.id}`, read);
      expect(put.status, JSON.stringify(put.body)).toBe(200);
    };
    // Recorded 5 days ago under the 30-day default (25 days of stored expiry left), then shortened to 2.
    await db().$executeRaw`UPDATE "WorkflowSeenKey" SET "seenAt" = "seenAt" - interval '5 days', "expiresAt" = "expiresAt" - interval '5 days' WHERE "workflowId" = ${wf.id}`;
    await rememberFor("2");
    expect((await api.get(`/api/v1/workflows/${wf.id}/seen-ids`)).body).toMatchObject({ count: 0, ids: [] });
    expect((await api.post(`/api/v1/workflows/${wf.id}/seen-ids/check`, { value: "short-1" })).body.remembered).toBe(false);
    expect((await forget(t.editor.token, wf.id, { value: "short-2" })).status).toBe(404);
    const [resent] = await deliver(api, wf, { alertId: "short-1" });
    expect(tookTicket(resent)).toBe(true);
    const listed = (await api.get(`/api/v1/workflows/${wf.id}/seen-ids`)).body;
    expect(listed.count).toBe(1);
    expect(Date.parse(listed.ids[0].expiresAt) - Date.parse(listed.ids[0].firstSeenAt)).toBe(2 * 86_400_000);

    // Three days on, the window lengthened back to 30: the id recorded under 2 days stays forgotten,
    // its stored expiry over (retention deletes it at that), so its next delivery runs on too; the
    // one recorded under 30 days 8 days ago, within both, is remembered again.
    await db().$executeRaw`UPDATE "WorkflowSeenKey" SET "seenAt" = "seenAt" - interval '3 days', "expiresAt" = "expiresAt" - interval '3 days' WHERE "workflowId" = ${wf.id}`;
    await rememberFor("30");
    expect((await api.get(`/api/v1/workflows/${wf.id}/seen-ids`)).body).toMatchObject({ count: 1, ids: [{ runId: second.id }] });
    expect((await api.post(`/api/v1/workflows/${wf.id}/seen-ids/check`, { value: "short-1" })).body.remembered).toBe(false);
    const [again] = await deliver(api, wf, { alertId: "short-1" });
    expect(tookTicket(again)).toBe(true);
    expect((await api.post(`/api/v1/workflows/${wf.id}/seen-ids/check`, { value: "short-1" })).body).toMatchObject({ remembered: true, runId: again.id });
  });

  it("a viewer may list and check but not forget; another workspace gets 404", async () => {
    const wf = await liveWorkflow(api, t.providerA.id);
    await deliver(api, wf, { alertId: "v-1" });
    const viewer = as(t.viewer);
    expect((await viewer.get(`/api/v1/workflows/${wf.id}/seen-ids`)).body.count).toBe(1);
    expect((await viewer.post(`/api/v1/workflows/${wf.id}/seen-ids/check`, { value: "v-1" })).body.remembered).toBe(true);
    const refused = await forget(t.viewer.token, wf.id, { value: "v-1" });
    expect(refused.status).toBe(403);
    expect((await forget(t.viewer.token, wf.id, { all: true })).status).toBe(403);

    const outsider = as(t.outsider);
    expect((await outsider.get(`/api/v1/workflows/${wf.id}/seen-ids`)).status).toBe(404);
    expect((await outsider.post(`/api/v1/workflows/${wf.id}/seen-ids/check`, { value: "v-1" })).status).toBe(404);
    expect((await forget(t.outsider.token, wf.id, { all: true })).status).toBe(404);
    expect((await api.get(`/api/v1/workflows/${wf.id}/seen-ids`)).body.count).toBe(1);
  });
});
