// A re-push and the client's trigger: its own secret keeps its own signature header, a replaced
// webhook trigger of the provider's still updates the client's (same id, so the same URL), and a
// change of trigger kind is said plainly in the preflight.
import { describe, expect, it } from "vitest";
import { planPush, type PushInputs } from "@/lib/push/plan-push";
import { isEditedSincePush, stepsHash } from "@/lib/push/steps-hash";
import { toPreflightView } from "@/lib/push/to-preflight-view";
import type { Step } from "@/lib/workflows/definition";

const hook = (id: string, config: Record<string, unknown>): Step => ({ id, kind: "webhook", name: "Alert", config });
const code: Step = { id: "code", kind: "code", name: "Echo", config: { code: "return 1;", timeoutMs: 1000 } };
const clock: Step = { id: "clock", kind: "scheduler", name: "Daily", config: { cron: "0 8 * * *", timezone: "UTC" } };

/** `pushed`: what the last push gave the copy (the client changed it since into `copy`). */
const inputs = (source: Step[], copy: Step[] | null, hasWebhookUrl = true, pushed: Step[] | null = copy): PushInputs => {
  const first = pushed && planPush(inputs(pushed, null));
  return {
    source: { id: "wf", name: "Alerts", version: 2, steps: source },
    sourceAccounts: new Map(),
    targetAccounts: [],
    targetVariables: new Map(),
    targetFiles: new Map(),
    sourceFiles: new Map(),
    existing: copy && {
      workflowId: "copy",
      mode: "live",
      name: "Alerts",
      steps: copy,
      pushedStepsHash: stepsHash("Alerts", copy),
      sourceVersion: 1,
      pushedSampleHashes: first!.pushedSampleHashes,
      hasWebhookUrl,
    },
    sampleData: "keep",
  };
};
const view = (i: PushInputs) => toPreflightView({ workflow: { id: "wf", name: "Alerts", version: 2, steps: i.source.steps }, target: { id: "c", name: "Client A" }, plan: planPush(i) });

describe("the client's signature header on a re-push", () => {
  it("stays with the client's own secret, whatever the provider's header is now", () => {
    const source = [hook("hook", { sharedSecretEncrypted: "v1:prov", signatureHeader: "X-P2-Sig" }), code];
    const copy = [hook("hook", { sharedSecretEncrypted: "v1:client", signatureHeader: "X-C-Sig" }), code];
    const plan = planPush(inputs(source, copy));
    expect(plan.steps[0].config).toMatchObject({ sharedSecretEncrypted: "v1:client", signatureHeader: "X-C-Sig" });
    expect(plan.trigger).toMatchObject({ clientSecretKept: true, signatureHeader: "X-C-Sig", headerReplaced: null, webhookUrl: "kept", replaced: false });
    expect(view(inputs(source, copy)).notes.join(" ")).toContain("Client A's own shared secret and signature header (X-C-Sig) on its copy are kept: its sender signs with them, so your signature header (X-P2-Sig) does not apply to it.");
  });

  it("stays the default header when the client's secret came without one", () => {
    const plan = planPush(inputs([hook("hook", { signatureHeader: "X-P-Sig" }), code], [hook("hook", { sharedSecretEncrypted: "v1:client" }), code]));
    expect(plan.steps[0].config.signatureHeader).toBeUndefined();
    expect(plan.trigger.signatureHeader).toBe("x-service-signature");
  });

  it("is the provider's when the client has no secret of its own, and the preflight says when that changes it", () => {
    const i = inputs([hook("hook", { sharedSecretEncrypted: "v1:prov", signatureHeader: "X-P2-Sig" }), code], [hook("hook", { signatureHeader: "X-P-Sig" }), code]);
    const plan = planPush(i);
    expect(plan.steps[0].config).toEqual({ signatureHeader: "X-P2-Sig" });
    expect(plan.trigger).toMatchObject({ clientSecretKept: false, headerReplaced: { from: "X-P-Sig", to: "X-P2-Sig" } });
    expect(view(i).notes.join(" ")).toContain("The signature header of Client A's copy becomes X-P2-Sig (it was X-P-Sig)");
  });

  it("is the client's to set: a header alone is not an edit of the workflow (nor a fingerprint from before it counted)", () => {
    const pushed = [hook("hook", { signatureHeader: "" }), code];
    const own = [hook("hook", { signatureHeader: "X-C-Sig", sharedSecretEncrypted: "v1:client" }), code];
    expect(isEditedSincePush("Alerts", own, stepsHash("Alerts", pushed))).toBe(false);
    expect(isEditedSincePush("Alerts", own, stepsHash("Alerts", [{ ...code, name: "Other" }]))).toBe(true);
    const legacy = stepsHash("Alerts", pushed, ["connectionId", "sharedSecretEncrypted", "testingData"]);
    expect(isEditedSincePush("Alerts", pushed, legacy)).toBe(false);
  });
});

describe("a provider's replaced webhook trigger on a re-push", () => {
  const copy = [hook("hook", { sharedSecretEncrypted: "v1:client", signatureHeader: "X-C-Sig", testingData: { from: "client" } }), code];
  const source = [hook("hook-new", { sharedSecretEncrypted: "v1:prov", testingData: { from: "provider" } }), code];
  const pushed = [hook("hook", { testingData: { from: "provider" } }), code];

  it("updates the client's trigger under its own id, with its secret, header and testing data", () => {
    const plan = planPush(inputs(source, copy, true, pushed));
    expect(plan.steps[0]).toEqual({ id: "hook", kind: "webhook", name: "Alert", config: { sharedSecretEncrypted: "v1:client", signatureHeader: "X-C-Sig", testingData: { from: "client" } } });
    expect(plan.sampleData.clientOwn).toEqual([{ stepId: "hook-new", number: 1, name: "Alert", kept: true }]);
    expect(Object.keys(plan.pushedSampleHashes)).toEqual(["hook"]);
    expect(plan.trigger).toMatchObject({ webhookUrl: "kept", replaced: true, endpointMove: null });
    expect(view(inputs(source, copy, true, pushed)).notes.join(" ")).toContain("Client A keeps its webhook URL");
  });

  it("moves the endpoint when the client's trigger id now names another of the provider's steps", () => {
    const plan = planPush(inputs([hook("hook-new", {}), { ...code, id: "hook" }], copy, true, pushed));
    expect(plan.steps.map((s) => s.id)).toEqual(["hook-new", "hook"]);
    expect(plan.trigger.endpointMove).toEqual({ from: "hook", to: "hook-new" });
    expect(plan.steps[0].config).toMatchObject({ sharedSecretEncrypted: "v1:client", testingData: { from: "client" } });
  });
});

describe("a change of trigger kind on a re-push", () => {
  it("says the client's URL stops", () => {
    const i = inputs([clock, code], [hook("hook", {}), code]);
    expect(planPush(i).trigger.webhookUrl).toBe("stops");
    expect(view(i).notes.join(" ")).toContain("Client A's webhook URL stops receiving deliveries: your workflow now starts with a Scheduler trigger");
    // A copy that never went Live has no URL to stop.
    expect(planPush(inputs([clock, code], [hook("hook", {}), code], false)).trigger.webhookUrl).toBe("none");
  });

  it("says a new URL comes when the copy's trigger becomes a webhook", () => {
    const i = inputs([hook("hook", {}), code], [clock, code], false);
    expect(planPush(i).trigger.webhookUrl).toBe("new");
    expect(view(i).notes.join(" ")).toContain("Client A gets a new webhook URL when it goes Live");
  });
});
