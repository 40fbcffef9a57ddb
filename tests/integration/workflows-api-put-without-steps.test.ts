// PUT /api/v1/workflows/{id} without "steps" keeps the stored steps: a rename-only PUT renames,
// and a Live workflow keeps its webhook URL, shared secret and Testing data. The version check
// still applies. POST (create) without steps still makes an empty workflow.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startTestServer } from "../helpers/api-server";

const { t, api } = startTestServer();

const steps = [
  { kind: "webhook", config: { sharedSecret: "hook-secret-1", signatureHeader: "X-Sig", testingData: { ticket: 42 } } },
  { kind: "http", name: "Call PSA", config: { url: "https://psa.example.test/tickets" } },
];

describe("PUT without steps", () => {
  it("renames a Live workflow and keeps its steps, URL, secret and testing data", async () => {
    const wf = (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Alerts", steps })).body;
    const live = (await api.post(`/api/v1/workflows/${wf.id}/live`)).body;
    expect(live.webhookUrl).toMatch(/\/hooks\//);

    const renamed = await api.put(`/api/v1/workflows/${wf.id}`, { name: "Alerts (EDR)" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Alerts (EDR)", mode: "live", webhookUrl: live.webhookUrl, version: live.version + 1 });
    expect(renamed.body.steps).toEqual(live.steps);
    expect(renamed.body.steps[0].config).toMatchObject({ sharedSecret: { set: true }, signatureHeader: "X-Sig", testingData: { ticket: 42 } });

    const endpoints = await db().webhookEndpoint.findMany({ where: { workflowId: wf.id } });
    expect(endpoints.map((e) => e.rotatedAt)).toEqual([null]);
    const res = await fetch(live.webhookUrl, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(401); // still the same trigger with its secret: an unsigned delivery is refused, not 404
  });

  it("renames a Draft workflow that was Live and keeps the URL for the next go-live", async () => {
    const wf = (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Leaver", steps })).body;
    const url = (await api.post(`/api/v1/workflows/${wf.id}/live`)).body.webhookUrl;
    await api.post(`/api/v1/workflows/${wf.id}/draft`);
    const renamed = await api.put(`/api/v1/workflows/${wf.id}`, { name: "Leaver (v2)" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.steps).toEqual(wf.steps);
    expect((await api.post(`/api/v1/workflows/${wf.id}/live`)).body.webhookUrl).toBe(url);
  });

  it("checks the version like any save", async () => {
    const wf = (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Versioned", steps })).body;
    expect((await api.put(`/api/v1/workflows/${wf.id}`, { name: "One", version: wf.version })).status).toBe(200);
    const stale = await api.put(`/api/v1/workflows/${wf.id}`, { name: "Two", version: wf.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: "version_conflict", currentVersion: wf.version + 1 });
    const now = (await api.get(`/api/v1/workflows/${wf.id}`)).body;
    expect(now).toMatchObject({ name: "One", steps: wf.steps.map((s: { id: string }) => expect.objectContaining({ id: s.id })) });
  });

  it("an explicit empty list still clears the steps; POST without steps creates an empty workflow", async () => {
    const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Empty" });
    expect(created.status).toBe(201);
    expect(created.body.steps).toEqual([]);
    const wf = (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Cleared", steps })).body;
    const cleared = await api.put(`/api/v1/workflows/${wf.id}`, { name: "Cleared", steps: [] });
    expect(cleared.status).toBe(200);
    expect(cleared.body.steps).toEqual([]);
  });
});
