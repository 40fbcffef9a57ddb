// GET /api/v1/workflows/{id}/runs pages back through every run: `limit` as before, and
// `before=<nextBefore>` for the next older page — runs created in one millisecond (a group
// commit gives a whole batch one time) included, none lost or repeated at a page boundary.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { t, api } = startTestServer();

async function walk(workflowId: string, limit: number): Promise<{ ids: string[]; sizes: number[] }> {
  const ids: string[] = [];
  const sizes: number[] = [];
  let before: string | null = null;
  for (let i = 0; i < 50; i++) {
    const res = await api.get(`/api/v1/workflows/${workflowId}/runs?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ""}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids.push(...res.body.runs.map((r: Json) => r.id));
    sizes.push(res.body.runs.length);
    before = res.body.nextBefore;
    if (!before) return { ids, sizes };
  }
  throw new Error("paging did not end");
}

describe("runs list paging", () => {
  it("walks back through every run, ties in one millisecond included, and ends with nextBefore null", async () => {
    const wf = (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Runs paged", steps: [{ kind: "webhook", config: {} }] })).body;
    const url: string = (await api.post(`/api/v1/workflows/${wf.id}/live`)).body.webhookUrl;
    for (let i = 0; i < 4; i++) expect((await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ n: i }) })).status).toBe(202);
    const at = new Date(Date.now() - 60_000);
    await db().run.updateMany({ where: { workflowId: wf.id }, data: { createdAt: at } });

    const all = await api.get(`/api/v1/workflows/${wf.id}/runs?limit=500`);
    expect(all.body.nextBefore).toBeNull();
    const everything: string[] = all.body.runs.map((r: Json) => r.id);
    expect(everything).toHaveLength(4);
    expect(everything).toEqual([...everything].sort().reverse());

    for (const limit of [1, 3, 4]) {
      const walked = await walk(wf.id, limit);
      expect(walked.ids).toEqual(everything);
      expect(walked.sizes.slice(0, -1).every((n) => n === limit)).toBe(true);
    }
    // A bare ISO time: the runs created before it.
    expect((await api.get(`/api/v1/workflows/${wf.id}/runs?before=${at.toISOString()}`)).body.runs).toEqual([]);
    expect((await api.get(`/api/v1/workflows/${wf.id}/runs?before=${new Date(at.getTime() + 1).toISOString()}`)).body.runs).toHaveLength(4);
  });

  it("refuses a cursor that is not one with 400", async () => {
    const wf = (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Runs bad cursor", steps: [{ kind: "webhook", config: {} }] })).body;
    const res = await api.get(`/api/v1/workflows/${wf.id}/runs?before=yesterday`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("before must be the nextBefore of an earlier page");
    // Dates that match the pattern but are none: year 0 (was a 500 from PostgreSQL) and days a
    // month lacks (was read as the next month's, a page from the wrong place) — on all three logs.
    const paths = [`/api/v1/workflows/${wf.id}/runs`, `/api/v1/workflows/${wf.id}/deliveries`, `/api/v1/workspaces/${t.providerA.id}/audit`];
    for (const path of paths) {
      for (const before of ["0000-01-01T00:00:00Z", "2026-02-31T00:00:00Z", "2026-01-01T24:00:00.000Z", "2026-13-01T00:00:00Z"]) {
        const bad = await api.get(`${path}?before=${before}`);
        expect(bad.status, `${path}?before=${before}`).toBe(400);
        expect(bad.body.message).toContain("before must be the nextBefore of an earlier page");
      }
      expect((await api.get(`${path}?before=0001-01-01T00:00:00Z`)).status).toBe(200);
    }
  });
});
