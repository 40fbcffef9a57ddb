// Unknown config fields in a save are refused by name, while everything the product itself sends
// or reads back passes: the editor's starting configs, every blueprint, and a stored workflow's
// read (webhook secret echo included) sent back as is.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { BLUEPRINTS } from "@/lib/blueprints";
import { defaultConfig } from "@/lib/editor/default-config";
import { STEP_KINDS } from "@/lib/steps/catalog";
import type { Step } from "@/lib/workflows/definition";
import { findUnknownConfigField } from "@/lib/workflows/find-unknown-config-field";
import { parseWorkflowInput, refuseUnknownConfigFields } from "@/lib/workflows/parse-workflow-input";
import { prepareSteps } from "@/lib/workflows/prepare-steps";
import { toWorkflowView } from "@/lib/workflows/to-workflow-view";

beforeAll(() => {
  // prepareSteps encrypts a webhook secret with the key lib/env reads (lazily, on first use).
  process.env.SECRET_KEY = randomBytes(32).toString("hex");
});

describe("findUnknownConfigField", () => {
  it("names a misspelt key at any depth", () => {
    expect(findUnknownConfigField({ kind: "http", config: { url: "u", metod: "DELETE", timeoutMS: 500 } })).toBe("metod");
    expect(findUnknownConfigField({ kind: "http", config: { url: "u", body: { type: "json", jsn: 1 } } })).toBe("body.jsn");
    expect(findUnknownConfigField({ kind: "http", config: { url: "u", headers: [{ name: "a", value: "b" }, { name: "c", vaule: "d", value: "" }] } })).toBe("headers.1.vaule");
    expect(findUnknownConfigField({ kind: "conditions", config: { branches: [{ id: "b", rules: [{ left: "x", op: "exists", rigth: 1 }], target: "stop" }] } })).toBe("branches.0.rules.0.rigth");
    expect(findUnknownConfigField({ kind: "wait", config: { mode: "duration", seconds: 5, minutes: 2 } })).toBe("minutes");
    expect(findUnknownConfigField({ kind: "scheduler", config: { preset: "hourly", timeZone: "UTC" } })).toBe("timeZone");
  });

  it("leaves free-form values alone and passes an invalid config to its own error", () => {
    expect(findUnknownConfigField({ kind: "webhook", config: { testingData: { any: { nested: ["thing"] } } } })).toBeNull();
    expect(findUnknownConfigField({ kind: "http", config: { url: "u", body: { type: "json", json: { free: 1 } } } })).toBeNull();
    expect(findUnknownConfigField({ kind: "ai_prompt", config: { prompt: "p", jsonSchema: { type: "object", extra: true } } })).toBeNull();
    expect(findUnknownConfigField({ kind: "http", config: { url: 5, metod: "x" } })).toBeNull();
  });

  it("tolerates the keys the stored step carries, at their place only", () => {
    const stored = { url: "u", legacy: 1, headers: [{ name: "a", value: "b", old: true }] };
    expect(findUnknownConfigField({ kind: "http", config: stored, stored })).toBeNull();
    expect(findUnknownConfigField({ kind: "http", config: { url: "u", headers: [{ name: "a", value: "b", legacy: 1 }] }, stored })).toBe("headers.0.legacy");
  });

  it("accepts every editor starting config", () => {
    for (const kind of STEP_KINDS) expect(findUnknownConfigField({ kind, config: defaultConfig(kind, () => "b1") }), kind).toBeNull();
  });
});

describe("what the product sends passes", () => {
  it.each(BLUEPRINTS.map((b) => [b.slug, b] as const))("blueprint %s, as built and as read back", (_slug, b) => {
    const built = b.build(b.setup.parse(b.exampleSetup), {});
    expect(() => parseWorkflowInput(built, { creating: true })).not.toThrow();
    const steps: Step[] = prepareSteps({ input: built.steps });
    const view = toWorkflowView({
      workflow: { id: "w", workspaceId: "ws", name: built.name, mode: "draft", steps: steps as never, version: 1, createdAt: new Date(), updatedAt: new Date() },
      endpoint: null,
      publicUrl: "http://x.test",
    });
    const input = parseWorkflowInput(view);
    expect(() => refuseUnknownConfigFields(input.steps!, steps)).not.toThrow();
    expect(() => refuseUnknownConfigFields(input.steps!)).not.toThrow();
  });

  it("a webhook read with its secret echo is sent back; a typo next to it is still named", () => {
    const stored: Step[] = prepareSteps({ input: [{ id: "hook", kind: "webhook", config: { sharedSecret: "s", signatureHeader: "X-Sig" } }] });
    const echo = { sharedSecret: { set: true }, signatureHeader: "X-Sig" };
    expect(() => refuseUnknownConfigFields([{ id: "hook", kind: "webhook", config: echo }], stored)).not.toThrow();
    expect(() => refuseUnknownConfigFields([{ id: "hook", kind: "webhook", config: { ...echo, signatureHedaer: "X" } }], stored)).toThrow(
      expect.objectContaining({ status: 400, code: "invalid_workflow", message: 'step 1 (Webhook): unknown field "config.signatureHedaer": not a setting of Webhook (misspelt?)', details: { step: 1, stepId: "hook", field: "signatureHedaer" } }),
    );
  });
});
