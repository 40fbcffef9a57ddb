// GET /api/v1/workspaces/{ws}/runs?q=: a run id (whole, or its end as the editor shows it, with or
// without the "…"), or words of the error in any case; LIKE's % and _ match only themselves.
import { describe, expect, it } from "vitest";
import { finishedRunView, type Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { t, api } = startTestServer({ worker: true });

describe("GET /api/v1/workspaces/{id}/runs?q=", () => {
  it("finds runs by id, by the end of their id and by their error's words", async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const wf = (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, {
      name: `Search ${tag}`,
      steps: [{ kind: "webhook", config: { testingData: {} } }, { kind: "code", config: { code: `throw new Error('company_id ${tag} 100% gone');` } }],
    })).body as Json;
    const failed = await finishedRunView(api, (await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`, { scope: "workflow" })).body.run.id);
    const ok = await finishedRunView(api, (await api.post(`/api/v1/workflows/${wf.id}/steps/1/test`)).body.run.id);
    expect([failed.status, ok.status]).toEqual(["failed", "succeeded"]);
    const ids = async (q: string) =>
      ((await api.get(`/api/v1/workspaces/${t.providerA.id}/runs?workflowId=${wf.id}&q=${encodeURIComponent(q)}`)).body.runs as Json[]).map((r) => r.id);
    expect(await ids(`COMPANY_ID ${tag}`)).toEqual([failed.id]);
    expect(await ids(ok.id)).toEqual([ok.id]);
    expect(await ids(ok.id.slice(-8))).toEqual([ok.id]);
    expect(await ids(`…${ok.id.slice(-8)}`)).toEqual([ok.id]);
    expect(await ids("100%")).toEqual([failed.id]);
    expect(await ids("%")).toEqual([failed.id]);
    expect(await ids("_")).toEqual([failed.id]);
    expect(await ids(ok.id.slice(-5))).toEqual([]);
    expect(await ids("")).toHaveLength(2);
  }, 60_000);
});
