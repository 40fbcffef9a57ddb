// A source step without an account is planned by what it needs to run (find-missing-fields): a
// relative URL needs an account's base URL (any app), an AI Prompt an AI account; an absolute or
// templated URL needs none, so nothing is asked and a client's own choice is simply kept.
import { describe, expect, it } from "vitest";
import { computeReview, credentialDestination } from "@/lib/push/compute-review";
import { planPush, type PushInputs } from "@/lib/push/plan-push";
import type { Step } from "@/lib/workflows/definition";

const http = (id: string, url: string): Step => ({ id, kind: "http", name: id, config: { method: "GET", url, connectionId: null } });
const steps: Step[] = [
  { id: "t", kind: "webhook", name: "Hook", config: {} },
  http("relative", "/ping"),
  http("absolute", "https://x.example/ping"),
  http("templated", "{{ vars.PSA_URL }}/ping"),
  { id: "ai", kind: "ai_prompt", name: "ai", config: { prompt: "hi", connectionId: null } },
];
const inputs = (existing: PushInputs["existing"] = null): PushInputs => ({
  source: { id: "wf", name: "W", version: 1, steps },
  sourceAccounts: new Map(),
  targetAccounts: [{ id: "c-psa", app: "psa", name: "PSA", baseUrl: "https://x.example/api" }],
  targetVariables: new Map([["PSA_URL", { secret: false, hasValue: true }]]),
  targetFiles: new Map(),
  sourceFiles: new Map(),
  existing,
  sampleData: "keep",
});

describe("a source step without an account", () => {
  it("is asked for only when it cannot run without one", () => {
    const plan = planPush(inputs());
    expect(plan.stepsWithoutAccount).toEqual([
      { stepId: "relative", number: 2, name: "relative", app: null, result: "no_account" },
      { stepId: "ai", number: 5, name: "ai", app: "openai", result: "no_account" },
    ]);
    expect(plan.unknownAccounts).toEqual([]);
    expect(plan.accountSteps).toEqual([{ stepId: "relative", app: null }, { stepId: "ai", app: "openai" }]);
    const review = computeReview({ steps: plan.steps, accountSteps: plan.accountSteps, reviewedAt: new Date(), accounts: inputs().targetAccounts, variables: inputs().targetVariables, files: new Set() });
    expect(review.missing.map((m) => (m.kind === "account" ? [m.stepId, m.appLabel, m.options.length] : m.kind))).toEqual([["relative", "any app", 1], ["ai", "OpenAI-compatible AI", 0]]);
  });

  it("keeps the client's fitting choice on a re-push", () => {
    const chosen = steps.map((s) => (s.id === "relative" || s.id === "absolute" ? { ...s, config: { ...s.config, connectionId: "c-psa" } } : s));
    const plan = planPush(inputs({ workflowId: "copy", mode: "draft", name: "W", steps: chosen, pushedStepsHash: "", sourceVersion: 1, pushedSampleHashes: null }));
    expect(plan.stepsWithoutAccount.map((s) => [s.stepId, s.result])).toEqual([["relative", "kept"], ["ai", "no_account"]]);
    expect(plan.steps.map((s) => s.config.connectionId)).toEqual([undefined, "c-psa", "c-psa", null, null]);
    expect(plan.unusableAccounts).toEqual([]);
  });

  it("takes the client's choice off a step whose URL it cannot serve, and says why", () => {
    // The provider moved both steps to a host that is not the client's account's.
    const moved = steps.map((s) => (s.id === "relative" || s.id === "absolute" ? { ...s, config: { ...s.config, url: "https://psa.example.com/tickets" } } : s));
    const chosen = steps.map((s) => (s.id === "relative" || s.id === "absolute" ? { ...s, config: { ...s.config, connectionId: "c-psa" } } : s));
    const plan = planPush({ ...inputs({ workflowId: "copy", mode: "live", name: "W", steps: chosen, pushedStepsHash: "", sourceVersion: 1, pushedSampleHashes: null }), source: { id: "wf", name: "W", version: 2, steps: moved } });
    expect(plan.steps.map((s) => s.config.connectionId)).toEqual([undefined, null, null, null, null]);
    expect(plan.unusableAccounts).toEqual([
      { stepId: "relative", number: 2, name: "relative", account: { id: "c-psa", name: "PSA" }, chosen: true, reason: 'the URL goes to psa.example.com, and "PSA" sends its credentials only to its base URL (x.example)' },
      { stepId: "absolute", number: 3, name: "absolute", account: { id: "c-psa", name: "PSA" }, chosen: true, reason: 'the URL goes to psa.example.com, and "PSA" sends its credentials only to its base URL (x.example)' },
    ]);
    // An account without a base URL completes no path, so a relative step does not keep it either.
    const generic = planPush({ ...inputs({ workflowId: "copy", mode: "draft", name: "W", steps: chosen, pushedStepsHash: "", sourceVersion: 1, pushedSampleHashes: null }), targetAccounts: [{ id: "c-psa", app: "psa", name: "PSA", baseUrl: null }] });
    expect(generic.stepsWithoutAccount.map((s) => [s.stepId, s.result])).toEqual([["relative", "no_account"], ["ai", "no_account"]]);
    expect(generic.steps.map((s) => s.config.connectionId)).toEqual([undefined, null, "c-psa", null, null]);
    expect(generic.unusableAccounts.map((u) => [u.stepId, u.reason])).toEqual([["relative", 'the URL is a path and "PSA" has no base URL to complete it']]);
  });

  it("does not select the client's only account of the app when it cannot serve the URL", () => {
    const withAccount: Step[] = [steps[0], { id: "t2", kind: "http", name: "Ticket", config: { method: "POST", url: "https://psa.example.com/tickets", connectionId: "p-psa" } }];
    const plan = planPush({ ...inputs(), source: { id: "wf", name: "W", version: 1, steps: withAccount }, sourceAccounts: new Map([["p-psa", { id: "p-psa", app: "psa", name: "Provider PSA" }]]) });
    expect(plan.connections[0]).toMatchObject({ app: "psa", outcome: "one_account", steps: [{ stepId: "t2", result: "no_account", account: null }] });
    expect(plan.unusableAccounts).toMatchObject([{ stepId: "t2", chosen: false, account: { id: "c-psa" } }]);
    const review = computeReview({ steps: plan.steps, accountSteps: plan.accountSteps, reviewedAt: new Date(), accounts: inputs().targetAccounts, variables: new Map(), files: new Set() });
    expect(review.missing).toEqual([
      expect.objectContaining({
        stepId: "t2",
        options: [],
        message: 'none of your PSA / ticketing accounts can serve step 2 (Ticket): the URL goes to psa.example.com, and "PSA" sends its credentials only to its base URL (x.example); add one that can, then choose it',
      }),
    ]);
  });

  it("says where a step's URL sends the chosen account's credentials, when the URL decides it", () => {
    const withAccounts: Step[] = [
      steps[0],
      { id: "abs", kind: "http", name: "Ticket", config: { method: "POST", url: "HTTPS://PSA.example.com:8443/tickets?x=1", connectionId: "p-psa" } },
      { id: "built", kind: "http", name: "Built", config: { method: "GET", url: "{{ vars.PSA_URL }}/ping", connectionId: "p-psa" } },
      { id: "rel", kind: "http", name: "Relative", config: { method: "GET", url: "/ping", connectionId: "p-psa" } },
    ];
    const plan = planPush({ ...inputs(), source: { id: "wf", name: "W", version: 1, steps: withAccounts }, sourceAccounts: new Map([["p-psa", { id: "p-psa", app: "psa", name: "Provider PSA" }]]), targetAccounts: [{ id: "c-psa", app: "psa", name: "PSA", baseUrl: null }] });
    const review = computeReview({ steps: plan.steps, accountSteps: plan.accountSteps, reviewedAt: new Date(), accounts: [{ id: "c-psa", app: "psa", name: "PSA", baseUrl: null }], variables: inputs().targetVariables, files: new Set() });
    const destinations = Object.fromEntries(review.items.flatMap((i) => (i.kind === "account" ? [[i.stepId, i.destination]] : [])));
    expect(destinations).toEqual({ abs: "https://psa.example.com:8443", built: "a URL the workflow builds: {{ vars.PSA_URL }}/ping", rel: null });
  });

  it("reads a destination's origin as account base URLs are compared: lower case, without the scheme's default port", () => {
    // "https://API.example.com:443/x" and an account on https://api.example.com go to one place.
    expect(credentialDestination("https://API.example.com:443/x")).toBe("https://api.example.com");
    expect(credentialDestination("http://api.example.com:80/x?y=1")).toBe("http://api.example.com");
    expect(credentialDestination("https://api.example.com:8443/x")).toBe("https://api.example.com:8443");
    expect(credentialDestination("https://{{ vars.HOST }}/x")).toBe("a URL the workflow builds: https://{{ vars.HOST }}/x");
    expect(credentialDestination("https://api.example.com/{{ 1.id }}")).toBe("https://api.example.com");
    expect(credentialDestination("/relative")).toBeNull();
  });
});
