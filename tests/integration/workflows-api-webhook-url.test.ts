// The webhook URL's lifecycle through the management API: issued on first go-live, kept across
// Draft/Live, rotated on demand, replaced with the trigger.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startTestServer } from "../helpers/api-server";

const { t, web, api } = startTestServer();

const http = { kind: "http", config: { url: "https://api.example.test" } };
const newWorkflow = async (steps: unknown[] = [{ kind: "webhook", config: {} }, http]) =>
  (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Hooked", steps })).body;
const endpoints = (workflowId: string) => db().webhookEndpoint.findMany({ where: { workflowId }, orderBy: { createdAt: "asc" } });
const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

describe("Draft and Live", () => {
  it("issues a URL on first go-live and keeps it across Draft/Live cycles", async () => {
    const wf = await newWorkflow();
    expect(wf.webhookUrl).toBeNull();
    expect(await endpoints(wf.id)).toHaveLength(0);

    const live = await api.post(`/api/v1/workflows/${wf.id}/live`);
    expect(live.status).toBe(200);
    expect(live.body.mode).toBe("live");
    const url: string = live.body.webhookUrl;
    expect(url).toMatch(new RegExp(`^${web.baseUrl}/hooks/[A-Za-z0-9_-]{43}$`));
    const [ep] = await endpoints(wf.id);
    expect(ep).toMatchObject({ token: tokenOf(url), stepId: wf.steps[0].id, rotatedAt: null });

    const draft = await api.post(`/api/v1/workflows/${wf.id}/draft`);
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ mode: "draft", webhookUrl: null });
    expect((await api.get(`/api/v1/workflows/${wf.id}`)).body.webhookUrl).toBeNull();
    expect((await endpoints(wf.id))[0].rotatedAt).toBeNull(); // kept, for the next go-live

    const again = await api.post(`/api/v1/workflows/${wf.id}/live`);
    expect(again.body.webhookUrl).toBe(url);
    expect((await api.post(`/api/v1/workflows/${wf.id}/live`)).body.webhookUrl).toBe(url); // idempotent
    expect(await endpoints(wf.id)).toHaveLength(1);
  });

  it("saving a Live workflow with the same trigger keeps its URL", async () => {
    const wf = await newWorkflow();
    const url = (await api.post(`/api/v1/workflows/${wf.id}/live`)).body.webhookUrl;
    const steps = [{ ...wf.steps[0], config: { signatureHeader: "X-Other", testingData: { a: 1 } } }, http, http];
    const saved = await api.put(`/api/v1/workflows/${wf.id}`, { name: "Renamed", steps });
    expect(saved.status).toBe(200);
    expect(saved.body.webhookUrl).toBe(url);
    expect(await endpoints(wf.id)).toHaveLength(1);
  });

  it("a Scheduler workflow goes Live without a URL", async () => {
    const wf = await newWorkflow([{ kind: "scheduler", config: { cron: "0 2 1 * *" } }, http]);
    const live = await api.post(`/api/v1/workflows/${wf.id}/live`);
    expect(live.body).toMatchObject({ mode: "live", webhookUrl: null });
    expect(await endpoints(wf.id)).toHaveLength(0);
  });
});

describe("Generate a new URL", () => {
  it("rotates: the old endpoint stops at once, a new URL is returned and shown", async () => {
    const wf = await newWorkflow();
    const oldUrl = (await api.post(`/api/v1/workflows/${wf.id}/live`)).body.webhookUrl;
    const res = await api.post(`/api/v1/workflows/${wf.id}/webhook-url`);
    expect(res.status).toBe(200);
    const newUrl = res.body.webhookUrl;
    expect(newUrl).toMatch(new RegExp(`^${web.baseUrl}/hooks/[A-Za-z0-9_-]{43}$`));
    expect(newUrl).not.toBe(oldUrl);
    expect(res.body.workflow).toMatchObject({ id: wf.id, mode: "live", webhookUrl: newUrl });
    expect((await api.get(`/api/v1/workflows/${wf.id}`)).body.webhookUrl).toBe(newUrl);

    const old = await db().webhookEndpoint.findUniqueOrThrow({ where: { token: tokenOf(oldUrl) } });
    expect(old.rotatedAt).toBeInstanceOf(Date);
    const current = await db().webhookEndpoint.findUniqueOrThrow({ where: { token: tokenOf(newUrl) } });
    expect(current.rotatedAt).toBeNull();

    // Draft/Live after a rotation keeps the new URL, never the rotated one.
    await api.post(`/api/v1/workflows/${wf.id}/draft`);
    expect((await api.post(`/api/v1/workflows/${wf.id}/live`)).body.webhookUrl).toBe(newUrl);
  });

  it("answers 409 workflow_not_live in Draft and no_webhook_trigger without a webhook, changing nothing", async () => {
    const wf = await newWorkflow();
    await api.post(`/api/v1/workflows/${wf.id}/live`);
    await api.post(`/api/v1/workflows/${wf.id}/draft`);
    const before = await endpoints(wf.id);
    const res = await api.post(`/api/v1/workflows/${wf.id}/webhook-url`);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("workflow_not_live");
    expect(await endpoints(wf.id)).toEqual(before);

    const sched = await newWorkflow([{ kind: "scheduler", config: { cron: "0 2 15 * *" } }]);
    await api.post(`/api/v1/workflows/${sched.id}/live`);
    const none = await api.post(`/api/v1/workflows/${sched.id}/webhook-url`);
    expect(none.status).toBe(409);
    expect(none.body.error).toBe("no_webhook_trigger");
  });
});

describe("replacing the trigger", () => {
  it("delete trigger and add a new one while Live: the old URL stops, a new URL is issued", async () => {
    const wf = await newWorkflow();
    const oldUrl = (await api.post(`/api/v1/workflows/${wf.id}/live`)).body.webhookUrl;
    // A new trigger is a step with a new id (the editor gives new steps theirs; an id-less step
    // would keep the stored trigger's id at its position).
    const res = await api.put(`/api/v1/workflows/${wf.id}`, { name: "Hooked", steps: [{ id: "st_new_trigger", kind: "webhook", config: {} }, wf.steps[1]] });
    expect(res.status).toBe(200);
    expect(res.body.steps[0].id).toBe("st_new_trigger");
    expect(res.body.webhookUrl).toMatch(/\/hooks\//);
    expect(res.body.webhookUrl).not.toBe(oldUrl);
    const old = await db().webhookEndpoint.findUniqueOrThrow({ where: { token: tokenOf(oldUrl) } });
    expect(old.rotatedAt).toBeInstanceOf(Date);
    const current = await db().webhookEndpoint.findUniqueOrThrow({ where: { token: tokenOf(res.body.webhookUrl) } });
    expect(current).toMatchObject({ stepId: res.body.steps[0].id, rotatedAt: null });
  });

  it("switching the trigger to a Scheduler retires the URL; back to a webhook issues a fresh one", async () => {
    const wf = await newWorkflow();
    const oldUrl = (await api.post(`/api/v1/workflows/${wf.id}/live`)).body.webhookUrl;
    const sched = await api.put(`/api/v1/workflows/${wf.id}`, {
      name: "Hooked",
      steps: [{ id: "st_scheduler", kind: "scheduler", config: { cron: "0 2 1 * *" } }, wf.steps[1]],
    });
    expect(sched.status).toBe(200);
    expect(sched.body.webhookUrl).toBeNull();
    expect((await endpoints(wf.id)).every((e) => e.rotatedAt !== null)).toBe(true);

    const back = await api.put(`/api/v1/workflows/${wf.id}`, { name: "Hooked", steps: [{ id: "st_webhook_again", kind: "webhook", config: {} }, wf.steps[1]] });
    expect(back.body.webhookUrl).toMatch(/\/hooks\//);
    expect(back.body.webhookUrl).not.toBe(oldUrl);
  });

  it("replacing the trigger in Draft retires the kept URL; the next go-live issues a new one", async () => {
    const wf = await newWorkflow();
    const oldUrl = (await api.post(`/api/v1/workflows/${wf.id}/live`)).body.webhookUrl;
    await api.post(`/api/v1/workflows/${wf.id}/draft`);
    // A new trigger is a step with a new id (an id-less one keeps the stored trigger's by position).
    const saved = await api.put(`/api/v1/workflows/${wf.id}`, { name: "Hooked", steps: [{ id: "st_replacement", kind: "webhook", config: {} }] });
    expect(saved.body.webhookUrl).toBeNull();
    expect((await db().webhookEndpoint.findUniqueOrThrow({ where: { token: tokenOf(oldUrl) } })).rotatedAt).toBeInstanceOf(Date);
    const live = await api.post(`/api/v1/workflows/${wf.id}/live`);
    expect(live.body.webhookUrl).toMatch(/\/hooks\//);
    expect(live.body.webhookUrl).not.toBe(oldUrl);
  });
});

describe("the issued URLs at the intake", () => {
  const deliver = (url: string) => fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ event: "ping" }) });
  const runs = (workflowId: string) => db().run.count({ where: { workflowId, test: false } });

  it("accepts on the current URL, answers 409 in Draft, and ignores a rotated URL at once", async () => {
    const wf = await newWorkflow();
    const oldUrl = (await api.post(`/api/v1/workflows/${wf.id}/live`)).body.webhookUrl;
    expect((await deliver(oldUrl)).status).toBe(202);
    expect(await runs(wf.id)).toBe(1);

    await api.post(`/api/v1/workflows/${wf.id}/draft`);
    const draft = await deliver(oldUrl);
    expect(draft.status).toBe(409);
    expect((await draft.json()).error).toBe("workflow_not_published");
    await api.post(`/api/v1/workflows/${wf.id}/live`);

    const newUrl = (await api.post(`/api/v1/workflows/${wf.id}/webhook-url`)).body.webhookUrl;
    const stale = await deliver(oldUrl);
    expect(stale.status).toBe(202);
    expect(await stale.json()).toEqual({ received: true });
    expect(await runs(wf.id)).toBe(1);
    expect((await deliver(newUrl)).status).toBe(202);
    expect(await runs(wf.id)).toBe(2);
  });
});
