// GET /api/v1/workflows/{id}/deliveries pages back through the whole log: `limit` as before,
// and `before=<nextBefore>` for the next older page, across both sides of the log (runs of
// accepted deliveries, Delivery rows of refused ones) and entries received in the same
// millisecond.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { apiClient, type Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { t, web, api } = startTestServer();

const post = (url: string, body: string, type = "application/json") => fetch(url, { method: "POST", headers: { "content-type": type }, body });

async function pages(workflowId: string, limit: number): Promise<{ ids: string[]; sizes: number[] }> {
  const ids: string[] = [];
  const sizes: number[] = [];
  let before: string | null = null;
  for (let i = 0; i < 50; i++) {
    const res = await api.get(`/api/v1/workflows/${workflowId}/deliveries?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ""}`);
    expect(res.status).toBe(200);
    ids.push(...res.body.deliveries.map((d: Json) => d.id));
    sizes.push(res.body.deliveries.length);
    before = res.body.nextBefore;
    if (!before) return { ids, sizes };
  }
  throw new Error("paging did not end");
}

describe("deliveries log paging", () => {
  it("walks back through accepted and refused deliveries, page by page, to the end", async () => {
    const wf = (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Paged", steps: [{ kind: "webhook", config: {} }] })).body;
    const url: string = (await api.post(`/api/v1/workflows/${wf.id}/live`)).body.webhookUrl;
    for (let i = 0; i < 4; i++) {
      expect((await post(url, JSON.stringify({ n: i }))).status).toBe(202); // a run each
      expect((await post(url, "{not json")).status).toBe(400); // a Delivery row each
    }
    // Three refused deliveries in one millisecond: the id orders them, and no page boundary
    // between them loses or repeats one.
    const endpoint = await db().webhookEndpoint.findFirstOrThrow({ where: { workflowId: wf.id } });
    const at = new Date(Date.now() - 60_000);
    // Ids as the database makes them (UUIDs): a cursor's id part is refused when it is not one.
    const tie = (c: string) => `00000000-0000-4000-8000-00000000000${c}`;
    for (const id of [tie("a"), tie("b"), tie("c")]) {
      await db().delivery.create({ data: { id, workflowId: wf.id, endpointId: endpoint.id, outcome: "too_large", size: 9, receivedAt: at } });
    }

    const all = await api.get(`/api/v1/workflows/${wf.id}/deliveries?limit=500`);
    expect(all.status).toBe(200);
    expect(all.body.nextBefore).toBeNull();
    const everything: string[] = all.body.deliveries.map((d: Json) => d.id);
    expect(everything).toHaveLength(11);
    expect(everything.slice(-3)).toEqual([tie("c"), tie("b"), tie("a")]);
    const accepted = all.body.deliveries.filter((d: Json) => d.outcome === "accepted");
    expect(accepted).toHaveLength(4);
    for (const d of accepted) expect(d).toMatchObject({ runId: d.id, contentType: "application/json" });

    for (const limit of [1, 2, 3, 4, 10]) {
      const walked = await pages(wf.id, limit);
      expect(walked.ids).toEqual(everything);
      expect(walked.sizes.slice(0, -1).every((n) => n === limit)).toBe(true);
    }
  });

  it("says the end (nextBefore null) on a last page that is exactly full", async () => {
    const wf = (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Full page", steps: [{ kind: "webhook", config: {} }] })).body;
    const url: string = (await api.post(`/api/v1/workflows/${wf.id}/live`)).body.webhookUrl;
    for (let i = 0; i < 2; i++) {
      expect((await post(url, JSON.stringify({ n: i }))).status).toBe(202);
      expect((await post(url, "{not json")).status).toBe(400);
    }
    const whole = await api.get(`/api/v1/workflows/${wf.id}/deliveries?limit=4`);
    expect(whole.body.deliveries).toHaveLength(4);
    expect(whole.body.nextBefore).toBeNull();
    const first = await api.get(`/api/v1/workflows/${wf.id}/deliveries?limit=2`);
    expect(first.body.nextBefore).not.toBeNull();
    const last = await api.get(`/api/v1/workflows/${wf.id}/deliveries?limit=2&before=${encodeURIComponent(first.body.nextBefore)}`);
    expect(last.body.deliveries).toHaveLength(2);
    expect(last.body.nextBefore).toBeNull();
    // Walking page by page ends on the last entry, without an empty page after it.
    for (const limit of [1, 2, 4]) expect((await pages(wf.id, limit)).sizes.every((n) => n === limit)).toBe(true);
  });

  it("keeps the first page as it was, takes a bare ISO time, and refuses a cursor that is not one", async () => {
    const wf = (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Cursor", steps: [{ kind: "webhook", config: {} }] })).body;
    const url: string = (await api.post(`/api/v1/workflows/${wf.id}/live`)).body.webhookUrl;
    for (let i = 0; i < 3; i++) expect((await post(url, JSON.stringify({ n: i }))).status).toBe(202);

    const first = await api.get(`/api/v1/workflows/${wf.id}/deliveries`);
    expect(Object.keys(first.body).sort()).toEqual(["deliveries", "nextBefore"]);
    expect(first.body.deliveries).toHaveLength(3);
    expect(first.body.nextBefore).toBeNull(); // fewer than the default 50: nothing older

    const future = await api.get(`/api/v1/workflows/${wf.id}/deliveries?before=${new Date(Date.now() + 60_000).toISOString()}`);
    expect(future.body.deliveries.map((d: Json) => d.id)).toEqual(first.body.deliveries.map((d: Json) => d.id));
    const past = await api.get(`/api/v1/workflows/${wf.id}/deliveries?before=2000-01-01T00:00:00.000Z`);
    expect(past.body).toEqual({ deliveries: [], nextBefore: null });

    for (const bad of ["yesterday", "2026-01-01", "2026-01-01T00:00:00.000Z_bad id"]) {
      const res = await api.get(`/api/v1/workflows/${wf.id}/deliveries?before=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("before must be");
    }
    // Another tenant still sees nothing, cursor or not.
    const outsider = apiClient(web.baseUrl, t.outsider.token);
    expect((await outsider.get(`/api/v1/workflows/${wf.id}/deliveries?before=${new Date().toISOString()}`)).status).toBe(404);
  });
});
