// A re-push must not cut off the client's sender. The client's own shared secret, its signature
// header, its testing data and its webhook URL belong to the client's trigger: they survive a
// re-push, also when the provider replaced its trigger by another webhook trigger (new step id).
// When the provider changes the trigger's kind, the preflight and the client's review say
// plainly that the client's webhook URL stops.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Json } from "../helpers/api-fixtures";
import { startPushServer } from "../helpers/push-fixtures";

const t = startPushServer();

const codeStep = { id: "code", kind: "code", name: "Echo", config: { code: "return { ok: true };" } };
const hook = (id: string, config: Record<string, unknown>) => ({ id, kind: "webhook", name: "Alert", config });

const createSource = async (name: string, steps: Json[]) => (await t.createSource(name, steps)).id as string;
const saveSource = async (id: string, name: string, steps: Json[]) => {
  const r = await t.tech.put(`/api/v1/workflows/${id}`, { name, steps });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};
const preflight = async (sourceId: string) => (await t.tech.get(`/api/v1/workflows/${sourceId}/push-preflight?target=${t.clientA.id}`)).body;
const push = async (sourceId: string) => {
  const r = await t.tech.post(`/api/v1/workflows/${sourceId}/push`, { targetWorkspaceId: t.clientA.id, sampleData: "keep" });
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  return r.body;
};
const goLive = async (copyId: string) => {
  await t.adminA.post(`/api/v1/workflows/${copyId}/review/confirm`);
  const live = await t.adminA.post(`/api/v1/workflows/${copyId}/live`);
  expect(live.status, JSON.stringify(live.body)).toBe(200);
  return live.body;
};
/** What a client admin does in its copy's editor: its own secret, header and testing data on step 1. */
const setClientTrigger = async (copyId: string, config: Record<string, unknown>) => {
  const copy = (await t.adminA.get(`/api/v1/workflows/${copyId}`)).body;
  const steps = copy.steps.map((s: Json, i: number) => ({ id: s.id, kind: s.kind, name: s.name, config: i === 0 ? { ...s.config, ...config } : s.config }));
  const r = await t.adminA.put(`/api/v1/workflows/${copyId}`, { name: copy.name, steps });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const sign = (secret: string, body: string) => createHmac("sha256", secret).update(body).digest("hex");
const deliver = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body }).then((r) => r.status);
const runs = (workflowId: string) => db().run.count({ where: { workflowId, test: false } });

describe("re-pushing a webhook workflow keeps the client's trigger", () => {
  it("keeps the client's own secret with its own signature header, so its signed deliveries still pass", async () => {
    const sourceId = await createSource("Signed alerts", [hook("hook", { sharedSecret: "provsecret", signatureHeader: "X-P-Sig" }), codeStep]);
    const copyId = (await push(sourceId)).copy.id as string;
    await t.adminA.put(`/api/v1/workflows/${copyId}/review/webhook-secret`, { acceptUnsigned: true });
    const url = (await goLive(copyId)).webhookUrl as string;
    await setClientTrigger(copyId, { sharedSecret: "c-secret", signatureHeader: "X-C-Sig" });
    const body = JSON.stringify({ host: "h1" });
    expect(await deliver(url, body, { "X-C-Sig": sign("c-secret", body) })).toBe(202);
    // The client's secret and header are its own settings, not an edit of the workflow.
    expect((await t.adminA.get(`/api/v1/workflows/${copyId}/review`)).body.editedSincePush).toBe(false);

    const notes = (await preflight(sourceId)).notes.join(" ");
    expect(notes).toContain("Client A's own shared secret and signature header (X-C-Sig) on its copy are kept");
    expect(notes).not.toContain("has edited its copy");
    const pushed = await push(sourceId);
    expect(pushed.copy.steps[0].config).toMatchObject({ sharedSecret: { set: true }, signatureHeader: "X-C-Sig" });
    expect(pushed.preflight.trigger).toMatchObject({ clientSecretKept: true, signatureHeader: "X-C-Sig" });
    expect((await goLive(copyId)).webhookUrl).toBe(url);
    expect(await deliver(url, body, { "X-C-Sig": sign("c-secret", body) })).toBe(202);
    expect(await deliver(url, body, { "x-service-signature": sign("c-secret", body) })).toBe(401);
    expect(await deliver(url, body, { "X-P-Sig": sign("c-secret", body) })).toBe(401);

    // A new header of the provider's does not apply to the client's secret either.
    await saveSource(sourceId, "Signed alerts", [hook("hook", { sharedSecret: { set: true }, signatureHeader: "X-P2-Sig" }), codeStep]);
    expect((await preflight(sourceId)).notes.join(" ")).toContain("your signature header (X-P2-Sig) does not apply to it");
    await push(sourceId);
    await goLive(copyId);
    expect(await deliver(url, body, { "X-C-Sig": sign("c-secret", body) })).toBe(202);
  });

  it("keeps the client's URL, own secret, header and testing data when the provider replaced its webhook trigger", async () => {
    const sourceId = await createSource("Replaced trigger", [hook("hook", { sharedSecret: "provsecret", signatureHeader: "X-P-Sig", testingData: { from: "provider" } }), codeStep]);
    const copyId = (await push(sourceId)).copy.id as string;
    await t.adminA.put(`/api/v1/workflows/${copyId}/review/webhook-secret`, { sharedSecret: "c-secret" });
    const url = (await goLive(copyId)).webhookUrl as string;
    await setClientTrigger(copyId, { signatureHeader: "X-C-Sig", testingData: { from: "client" } });
    const body = JSON.stringify({ host: "h1" });
    expect(await deliver(url, body, { "X-C-Sig": sign("c-secret", body) })).toBe(202);
    expect(await runs(copyId)).toBe(1);

    // The editor's "replace trigger": a new webhook step with a new id.
    await saveSource(sourceId, "Replaced trigger", [hook("hook-new", { sharedSecret: "provsecret-2", signatureHeader: "X-P-Sig", testingData: { from: "provider-2" } }), codeStep]);
    const pre = await preflight(sourceId);
    expect(pre.trigger.webhookUrl).toBe("kept");
    expect(pre.notes.join(" ")).toContain("Client A keeps its webhook URL");
    const pushed = await push(sourceId);
    expect(pushed.copy.steps[0]).toMatchObject({ id: "hook", config: { sharedSecret: { set: true }, signatureHeader: "X-C-Sig", testingData: { from: "client" } } });
    const review = (await t.adminA.get(`/api/v1/workflows/${copyId}/review`)).body;
    expect(review.items.find((i: Json) => i.kind === "webhook_secret")).toMatchObject({ state: "own_secret", done: true });
    expect((await goLive(copyId)).webhookUrl).toBe(url);
    expect(await deliver(url, body, { "X-C-Sig": sign("c-secret", body) })).toBe(202);
    expect(await runs(copyId)).toBe(2);
    expect(await db().webhookEndpoint.count({ where: { workflowId: copyId } })).toBe(1);
  });

  it("says plainly that the client's URL stops when the provider's trigger becomes a Scheduler, and when a URL is new", async () => {
    const sourceId = await createSource("Kind change", [hook("hook", {}), codeStep]);
    const copyId = (await push(sourceId)).copy.id as string;
    const url = (await goLive(copyId)).webhookUrl as string;
    expect(await deliver(url, "{}")).toBe(202);
    expect(await runs(copyId)).toBe(1);

    await saveSource(sourceId, "Kind change", [{ id: "clock", kind: "scheduler", name: "Daily", config: { cron: "0 8 * * *", timezone: "UTC" } }, codeStep]);
    const pre = await preflight(sourceId);
    expect(pre.trigger.webhookUrl).toBe("stops");
    expect(pre.notes.join(" ")).toContain("Client A's webhook URL stops receiving deliveries");
    await push(sourceId);
    const review = (await t.adminA.get(`/api/v1/workflows/${copyId}/review`)).body;
    expect(review.notices.join(" ")).toContain("Your webhook URL no longer receives deliveries");
    expect(await deliver(url, "{}")).toBe(202);
    expect(await runs(copyId)).toBe(1);

    await saveSource(sourceId, "Kind change", [hook("hook-2", {}), codeStep]);
    const back = await preflight(sourceId);
    expect(back.trigger.webhookUrl).toBe("new");
    expect(back.notes.join(" ")).toContain("Client A gets a new webhook URL when it goes Live");
    await push(sourceId);
    expect((await t.adminA.get(`/api/v1/workflows/${copyId}/review`)).body.notices.join(" ")).toContain("going Live gives it a new webhook URL");
    // Once Live, the notice no longer asks for a step already taken: it points at the new URL.
    const newUrl = (await goLive(copyId)).webhookUrl as string;
    expect(newUrl).not.toBe(url);
    const after = (await t.adminA.get(`/api/v1/workflows/${copyId}/review`)).body.notices.join(" ");
    expect(after).toContain("your copy has a new webhook URL (in the editor, on the trigger)");
    expect(after).not.toContain("going Live gives it");
  });
});
