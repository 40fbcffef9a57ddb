// The intake's token lookup and the scheduler's reconcile read the trigger's facts from columns
// PostgreSQL derives from Workflow.steps on every write (triggerStepId, triggerKind,
// triggerSecretEncrypted, triggerSignatureHeader), not from steps itself: steps is json text,
// and reading from it parsed the whole definition — Testing data up to 1 MB — on every delivery.
// Whoever writes steps (a save, a push, a review), the columns follow, and deliveries with them.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { LOOKUP_ENDPOINTS_SQL } from "@/lib/intake/lookup-endpoints";
import { startTestServer } from "../helpers/api-server";

const { t, api } = startTestServer();

const columns = (id: string) =>
  db().workflow.findUniqueOrThrow({ where: { id }, select: { triggerStepId: true, triggerKind: true, triggerSecretEncrypted: true, triggerSignatureHeader: true } });

const sign = (secret: string, body: string) => createHmac("sha256", secret).update(body).digest("hex");

describe("the trigger's columns", () => {
  it("are all the lookup reads of a workflow", () => {
    expect(LOOKUP_ENDPOINTS_SQL).not.toMatch(/steps/);
  });

  it("follow every save of the steps, and deliveries are checked against them", async () => {
    // Large Testing data: the lookup must not depend on it.
    const testingData = { blob: "x".repeat(900_000) };
    const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, {
      name: "trigger columns",
      steps: [{ id: "hook", kind: "webhook", config: { sharedSecret: "first-secret", signatureHeader: "x-sig", testingData } }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const first = await columns(id);
    expect(first).toMatchObject({ triggerStepId: "hook", triggerKind: "webhook", triggerSignatureHeader: "x-sig" });
    expect(first.triggerSecretEncrypted).toMatch(/\S/);
    expect(first.triggerSecretEncrypted).not.toContain("first-secret");

    const url = (await api.post(`/api/v1/workflows/${id}/live`)).body.webhookUrl as string;
    const post = (headers: Record<string, string>, body = '{"a":1}') => fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
    expect((await post({ "x-sig": sign("first-secret", '{"a":1}') })).status).toBe(202);

    // A new secret and header: the old signature stops, the new one passes.
    const read = await api.get(`/api/v1/workflows/${id}`);
    const put = await api.put(`/api/v1/workflows/${id}`, {
      name: "trigger columns",
      version: read.body.version,
      steps: [{ id: "hook", kind: "webhook", config: { sharedSecret: "second-secret", signatureHeader: "x-other", testingData } }],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const second = await columns(id);
    expect(second.triggerSignatureHeader).toBe("x-other");
    expect(second.triggerSecretEncrypted).not.toBe(first.triggerSecretEncrypted);
    expect((await post({ "x-sig": sign("first-secret", '{"a":1}') })).status).toBe(401);
    expect((await post({ "x-other": sign("second-secret", '{"a":1}') })).status).toBe(202);

    // The trigger replaced by a Scheduler: the URL answers like an unknown one.
    await api.post(`/api/v1/workflows/${id}/draft`);
    const again = await api.get(`/api/v1/workflows/${id}`);
    const replaced = await api.put(`/api/v1/workflows/${id}`, {
      name: "trigger columns",
      version: again.body.version,
      steps: [{ id: "tick", kind: "scheduler", config: { cron: "@daily", timezone: "UTC" } }],
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(await columns(id)).toEqual({ triggerStepId: "tick", triggerKind: "scheduler", triggerSecretEncrypted: null, triggerSignatureHeader: null });
  });

  it("follow a push: the copy's trigger columns are the copy's", async () => {
    const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, {
      name: "pushed trigger",
      steps: [{ id: "hook", kind: "webhook", config: { sharedSecret: "provider-secret", signatureHeader: "x-sig" } }],
    });
    const pushed = await api.post(`/api/v1/workflows/${created.body.id}/push`, { targetWorkspaceId: t.clientA1.id });
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(201);
    // The provider's secret is not copied; the client sets its own in the review.
    expect(await columns((pushed.body.copy as { id: string }).id)).toMatchObject({ triggerStepId: "hook", triggerKind: "webhook", triggerSecretEncrypted: null });
  });
});
