// Go live, Unpublish, Generate a new URL and deleting a workflow are in the workspace's audit
// log (GET …/audit): who, what, which workflow — written with the change, so a refused or
// repeated request leaves no event, and never with a webhook token.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { apiClient, type ApiClient, type Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { t, web, api } = startTestServer();

const eventsOf = async (client: ApiClient, workspaceId: string, workflowId: string) =>
  ((await client.get(`/api/v1/workspaces/${workspaceId}/audit`)).body.events as Json[]).filter((e) => e.workflowId === workflowId);

describe("workflow events in the audit log", () => {
  it("records Go live, Generate a new URL, Unpublish and delete, by whom and for which workflow", async () => {
    const editor = await db().user.findUniqueOrThrow({ where: { id: t.editor.id } });
    const wf = (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "EDR alerts", steps: [{ kind: "webhook", config: {} }] })).body;
    const first = (await api.post(`/api/v1/workflows/${wf.id}/live`)).body.webhookUrl as string;
    expect((await api.post(`/api/v1/workflows/${wf.id}/live`)).status).toBe(200); // already Live: no second event
    const second = (await api.post(`/api/v1/workflows/${wf.id}/webhook-url`)).body.webhookUrl as string;
    expect((await api.post(`/api/v1/workflows/${wf.id}/draft`)).status).toBe(200);
    expect((await api.post(`/api/v1/workflows/${wf.id}/draft`)).status).toBe(200); // already Draft
    expect((await api.del(`/api/v1/workflows/${wf.id}`)).status).toBe(204);

    const events = await eventsOf(api, t.providerA.id, wf.id);
    expect(events.map((e) => e.action)).toEqual(["workflow_deleted", "unpublished", "webhook_url_rotated", "went_live"]);
    for (const e of events) {
      expect(e).toMatchObject({ workspaceId: t.providerA.id, workspaceName: "Provider A", actor: { id: editor.id, email: editor.email }, details: { workflowName: "EDR alerts" } });
    }
    expect(events[0].details).toEqual({ workflowName: "EDR alerts", mode: "draft" });
    expect(events[2].details).toEqual({ workflowName: "EDR alerts", stepId: wf.steps[0].id });
    // The log shows neither URL: the old one was rotated because it may have leaked.
    const text = JSON.stringify(events);
    for (const url of [first, second]) expect(text).not.toContain(url.slice(url.lastIndexOf("/") + 1));
    // Anyone who can see the workspace reads it (a viewer), and the provider's log is where a
    // client admin's go-live of their own workflow shows too.
    expect(await eventsOf(apiClient(web.baseUrl, t.viewer.token), t.providerA.id, wf.id)).toHaveLength(4);
  });

  it("a client's go-live shows in the client's log and its provider's; deleting a Live workflow says so", async () => {
    const admin = apiClient(web.baseUrl, t.clientAdmin.token);
    const wf = (await admin.post(`/api/v1/workspaces/${t.clientA1.id}/workflows`, { name: "Leaver", steps: [{ kind: "webhook", config: {} }] })).body;
    expect((await admin.post(`/api/v1/workflows/${wf.id}/live`)).status).toBe(200);
    expect((await admin.del(`/api/v1/workflows/${wf.id}`)).status).toBe(204);
    const client = await eventsOf(admin, t.clientA1.id, wf.id);
    expect(client.map((e) => [e.action, e.details])).toEqual([
      ["workflow_deleted", { workflowName: "Leaver", mode: "live" }],
      ["went_live", { workflowName: "Leaver" }],
    ]);
    const provider = await eventsOf(apiClient(web.baseUrl, t.viewer.token), t.providerA.id, wf.id);
    expect(provider.map((e) => [e.action, e.workspaceName])).toEqual([
      ["workflow_deleted", "Client A1"],
      ["went_live", "Client A1"],
    ]);
  });

  it("a refused change leaves no event: a viewer, a go-live without a trigger, a rotation in Draft", async () => {
    const wf = (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Unfinished", steps: [] })).body;
    expect((await api.post(`/api/v1/workflows/${wf.id}/live`)).status).toBe(409); // trigger_required
    const hooked = (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Hooked", steps: [{ kind: "webhook", config: {} }] })).body;
    expect((await api.post(`/api/v1/workflows/${hooked.id}/webhook-url`)).status).toBe(409); // workflow_not_live
    const viewer = apiClient(web.baseUrl, t.viewer.token);
    expect((await viewer.post(`/api/v1/workflows/${hooked.id}/live`)).status).toBe(403);
    expect((await viewer.del(`/api/v1/workflows/${hooked.id}`)).status).toBe(403);
    expect(await eventsOf(api, t.providerA.id, wf.id)).toEqual([]);
    expect(await eventsOf(api, t.providerA.id, hooked.id)).toEqual([]);
  });

  it("names an event's step as it was when the event was recorded: a later rename, move or delete does not change it", async () => {
    const steps = [
      { kind: "webhook", name: "EDR alert", config: {} },
      { kind: "code", name: "Shape", config: { code: "return 1" } },
    ];
    let wf = (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Named steps", steps })).body;
    const secured = [{ ...wf.steps[0], config: { sharedSecret: "s3cret" } }, wf.steps[1]];
    wf = (await api.put(`/api/v1/workflows/${wf.id}`, { name: "Named steps", steps: secured, version: wf.version })).body;
    const [set] = await eventsOf(api, t.providerA.id, wf.id);
    expect([set.action, set.step]).toEqual(["webhook_secret_set", { number: 1, name: "EDR alert" }]);
    // The step is given once, as `step`, not also among the details.
    expect(set.details).toEqual({ workflowName: "Named steps", stepId: wf.steps[0].id, replaced: false });
    const stepOfSet = async () => (await eventsOf(api, t.providerA.id, wf.id)).find((e) => e.id === set.id)!.step;
    // Renamed: the event still says what the technician saw then.
    const renamed = [{ ...wf.steps[0], name: "Intake" }, wf.steps[1]];
    wf = (await api.put(`/api/v1/workflows/${wf.id}`, { name: "Named steps", steps: renamed, version: wf.version })).body;
    expect(wf.steps[0].name).toBe("Intake");
    expect(await stepOfSet()).toEqual({ number: 1, name: "EDR alert" });
    // The trigger replaced: the step is gone from the workflow, and the event still names it.
    const replaced = [{ kind: "scheduler", name: "Nightly", config: { cron: "0 2 * * *", timezone: "UTC" } }, { ...wf.steps[1] }];
    expect((await api.put(`/api/v1/workflows/${wf.id}`, { name: "Named steps", steps: replaced, version: wf.version })).status).toBe(200);
    expect(await stepOfSet()).toEqual({ number: 1, name: "EDR alert" });
    // Events without a step carry no `step`.
    await api.post(`/api/v1/workflows/${wf.id}/live`);
    expect((await eventsOf(api, t.providerA.id, wf.id)).find((e) => e.action === "went_live")).not.toHaveProperty("step");
  });

  it("an event recorded before steps were kept (only a stepId) names the step as the workflow has it now, null once it is gone", async () => {
    const steps = [
      { kind: "webhook", name: "EDR alert", config: {} },
      { kind: "code", name: "Shape", config: { code: "return 1" } },
    ];
    const wf = (await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, { name: "Older events", steps })).body;
    const older = (stepId: string) =>
      db().auditEvent.create({ data: { workspaceId: t.providerA.id, workflowId: wf.id, action: "webhook_secret_removed", details: { workflowName: "Older events", stepId } } });
    const [kept, gone] = [await older(wf.steps[1].id), await older("st_deleted_long_ago")];
    const events = await eventsOf(api, t.providerA.id, wf.id);
    expect(events.find((e) => e.id === kept.id)!.step).toEqual({ number: 2, name: "Shape" });
    expect(events.find((e) => e.id === gone.id)!.step).toBeNull();
  });
});
