import { describe, expect, it } from "vitest";
import { toWorkflowView } from "@/lib/workflows/to-workflow-view";

const at = new Date("2026-11-22T10:00:00.000Z");
const base = {
  id: "wf1",
  workspaceId: "ws1",
  name: "Alerts",
  version: 3,
  createdAt: at,
  updatedAt: at,
  steps: [
    { id: "t", kind: "webhook", name: "Webhook", config: { sharedSecretEncrypted: "v1:a:b:c", signatureHeader: "X-Hub-Signature-256", testingData: { n: 1 } } },
    { id: "h", kind: "http", name: "Call", config: { url: "https://x.test" } },
  ],
};
const endpoint = { token: "tok123", stepId: "t", rotatedAt: null };
const publicUrl = "https://flows.example.com";

describe("toWorkflowView", () => {
  it("has the contract's shape with positions as step numbers", () => {
    const v = toWorkflowView({ workflow: { ...base, mode: "live" }, endpoint, publicUrl });
    expect(v).toEqual({
      id: "wf1",
      workspaceId: "ws1",
      name: "Alerts",
      mode: "live",
      steps: [
        { id: "t", number: 1, kind: "webhook", name: "Webhook", config: { sharedSecret: { set: true }, signatureHeader: "X-Hub-Signature-256", testingData: { n: 1 } } },
        { id: "h", number: 2, kind: "http", name: "Call", config: { url: "https://x.test" } },
      ],
      webhookUrl: "https://flows.example.com/hooks/tok123",
      version: 3,
      createdAt: at.toISOString(),
      updatedAt: at.toISOString(),
    });
    expect(JSON.stringify(v)).not.toContain("v1:a:b:c");
  });

  it("shows sharedSecret {set:false} when none is stored", () => {
    const steps = [{ id: "t", kind: "webhook", name: "Webhook", config: {} }];
    const v = toWorkflowView({ workflow: { ...base, steps, mode: "draft" }, endpoint: null, publicUrl });
    expect(v.steps[0].config).toEqual({ sharedSecret: { set: false } });
  });

  it("has a webhook URL only while Live, for the current endpoint of a webhook trigger", () => {
    expect(toWorkflowView({ workflow: { ...base, mode: "draft" }, endpoint, publicUrl }).webhookUrl).toBeNull();
    expect(toWorkflowView({ workflow: { ...base, mode: "live" }, endpoint: null, publicUrl }).webhookUrl).toBeNull();
    expect(toWorkflowView({ workflow: { ...base, mode: "live" }, endpoint: { ...endpoint, stepId: "old" }, publicUrl }).webhookUrl).toBeNull();
    expect(toWorkflowView({ workflow: { ...base, mode: "live" }, endpoint: { ...endpoint, rotatedAt: at }, publicUrl }).webhookUrl).toBeNull();
    const scheduler = [{ id: "t", kind: "scheduler", name: "Scheduler", config: { cron: "0 2 1 * *", timezone: "UTC" } }];
    expect(toWorkflowView({ workflow: { ...base, steps: scheduler, mode: "live" }, endpoint, publicUrl }).webhookUrl).toBeNull();
  });

  it("in Draft, names the URL the trigger kept from being Live (and no URL for one never Live)", () => {
    const draft = toWorkflowView({ workflow: { ...base, mode: "draft" }, endpoint, publicUrl });
    expect([draft.webhookUrl, draft.keptWebhookUrl]).toEqual([null, "https://flows.example.com/hooks/tok123"]);
    expect(toWorkflowView({ workflow: { ...base, mode: "draft" }, endpoint: null, publicUrl })).not.toHaveProperty("keptWebhookUrl");
    expect(toWorkflowView({ workflow: { ...base, mode: "draft" }, endpoint: { ...endpoint, rotatedAt: at }, publicUrl })).not.toHaveProperty("keptWebhookUrl");
    expect(toWorkflowView({ workflow: { ...base, mode: "live" }, endpoint, publicUrl })).not.toHaveProperty("keptWebhookUrl");
  });

  it("reads an empty workflow", () => {
    expect(toWorkflowView({ workflow: { ...base, steps: [], mode: "draft" }, endpoint: null, publicUrl }).steps).toEqual([]);
  });
});
