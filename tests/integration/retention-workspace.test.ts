// Retention per workspace: an owner overrides the operator's defaults for their workspace
// (GET/PUT /api/v1/workspaces/{ws}/retention), and the retention pass applies each
// workspace's own settings.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { runRetention } from "@/lib/retention/run-retention";
import { apiClient, createTenancy, createUser } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";
import { createWorkflow } from "./run-engine-fixtures";

const { web } = startTestServer({ tenancy: "none" });

const DAY = 86_400_000;

async function finishedRun(wf: { workflowId: string; workspaceId: string }, daysAgo: number) {
  const at = new Date(Date.now() - daysAgo * DAY);
  return (await db().run.create({ data: { workflowId: wf.workflowId, workspaceId: wf.workspaceId, status: "succeeded", createdAt: at, finishedAt: at } })).id;
}

describe("workspace retention settings", () => {
  it("lets the owner override the defaults, within the operator's deliveries limits", async () => {
    const t = await createTenancy();
    const owner = await createUser([{ workspaceId: t.providerA.id, role: "owner" }]);
    const api = apiClient(web.baseUrl, owner.token);
    const path = `/api/v1/workspaces/${t.providerA.id}/retention`;

    const before = await api.get(path);
    expect(before.status).toBe(200);
    expect(before.body.overrides).toEqual({});
    expect(before.body.effective).toMatchObject({ runDays: 30, runsPerWorkflow: 10000 });

    const put = await api.put(path, { runDays: 7, stepOutputDays: 3 });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ overrides: { runDays: 7, stepOutputDays: 3 }, effective: { runDays: 7, stepOutputDays: 3, runsPerWorkflow: 10000 } });
    expect((await api.get(path)).body.overrides).toEqual({ runDays: 7, stepOutputDays: 3 });

    const tooLong = await api.put(path, { deliveryDays: 60 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/deliveryDays: at most 30/);
    // Shaped like every other 400 of the API: the field named in the issues list too.
    expect(tooLong.body).toMatchObject({ error: "invalid_request", field: "deliveryDays", issues: [{ path: "deliveryDays", message: expect.stringMatching(/^at most 30 /) }] });
    const tooMany = await api.put(path, { deliveriesPerWorkflow: 200_000 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.field).toBe("deliveriesPerWorkflow");
    expect(tooMany.body.issues).toEqual([{ path: "deliveriesPerWorkflow", message: expect.stringMatching(/^at most 100000 /) }]);
    const unknownKey = await api.put(path, { keepForever: true });
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.body.issues).toEqual([expect.objectContaining({ message: expect.any(String) })]);

    // Editors read but may not change it; other tenants do not see it at all.
    expect((await apiClient(web.baseUrl, t.editor.token).get(path)).status).toBe(200);
    expect((await apiClient(web.baseUrl, t.editor.token).put(path, { runDays: 1 })).status).toBe(403);
    expect((await apiClient(web.baseUrl, t.outsider.token).get(path)).status).toBe(404);
    expect((await apiClient(web.baseUrl, t.outsider.token).put(path, { runDays: 1 })).status).toBe(404);
    expect((await api.get(path)).body.overrides).toEqual({ runDays: 7, stepOutputDays: 3 });

    expect((await api.put(path, {})).body.overrides).toEqual({});
  });

  it("prunes each workspace with its own settings", async () => {
    const strict = await createWorkflow([{ kind: "webhook", config: {} }]);
    const relaxed = await createWorkflow([{ kind: "webhook", config: {} }]);
    await db().workspace.update({ where: { id: strict.workspaceId }, data: { retention: { runDays: 5 } } });
    const strictOld = await finishedRun(strict, 10);
    const strictNew = await finishedRun(strict, 1);
    const relaxedOld = await finishedRun(relaxed, 10);

    await runRetention();

    const left = (await db().run.findMany({ where: { id: { in: [strictOld, strictNew, relaxedOld] } }, select: { id: true } })).map((r) => r.id);
    expect(left.sort()).toEqual([strictNew, relaxedOld].sort());
  });
});
