// A re-push that moves a step carrying {{ secrets.X }} to another host, or has a step send a secret
// where it did not go before, is said in the plan (and so in the preflight, the client's review
// and the audit): a secret's value is not bound to an address as account credentials are.
import { describe, expect, it } from "vitest";
import { planPush, type PushInputs } from "@/lib/push/plan-push";
import { describeSecretDestination, secretDestinationProblem, stepDestination } from "@/lib/push/secret-destinations";
import { toPreflightView } from "@/lib/push/to-preflight-view";
import type { Step } from "@/lib/workflows/definition";

const hook: Step = { id: "t", kind: "webhook", name: "Hook", config: {} };
const http = (id: string, name: string, config: Record<string, unknown>): Step => ({ id, kind: "http", name, config: { method: "POST", connectionId: null, ...config } });
const header = (value: string) => ({ headers: [{ name: "x-key", value }] });

const inputs = (source: Step[], copy: Step[] | null): PushInputs => ({
  source: { id: "wf", name: "W", version: 2, steps: source },
  sourceAccounts: new Map([["p-ai", { id: "p-ai", app: "openai", name: "Provider AI" }]]),
  targetAccounts: [
    { id: "c-ai", app: "openai", name: "AI", baseUrl: "https://ai.client.example/v1" },
    { id: "c-gen", app: "http", name: "Generic", baseUrl: "https://API.client.example:443/base" },
  ],
  targetVariables: new Map([
    ["API_KEY", { secret: true, hasValue: true }],
    ["OTHER", { secret: true, hasValue: true }],
  ]),
  targetFiles: new Map(),
  sourceFiles: new Map(),
  existing: copy && { workflowId: "copy", mode: "live", name: "W", steps: copy, pushedStepsHash: "", sourceVersion: 1, pushedSampleHashes: null },
  sampleData: "keep",
});

describe("where a re-push sends the client's secrets", () => {
  it("names a step that now sends a secret to another host, and where it went before", () => {
    const before = [hook, http("ticket", "Create ticket", { url: "https://old.example.com/tickets", ...header("{{ secrets.API_KEY }}") })];
    const after = [hook, http("ticket", "Create ticket", { url: "https://new.example.com/tickets", ...header("{{ secrets.API_KEY }}") })];
    const plan = planPush(inputs(after, before));
    expect(plan.secretDestinations).toEqual([{ stepId: "ticket", number: 2, name: "Create ticket", secrets: ["API_KEY"], from: "https://old.example.com", to: "https://new.example.com", problem: null }]);
    expect(describeSecretDestination(plan.secretDestinations[0])).toBe("step 2 (Create ticket) now sends secret API_KEY to https://new.example.com (was https://old.example.com)");
    const view = toPreflightView({ workflow: { id: "wf", name: "W", version: 2, steps: after }, target: { id: "c", name: "Client A" }, plan });
    expect(view.secretDestinations).toEqual(plan.secretDestinations);
    expect(view.notes).toContain(
      "Step 2 (Create ticket) would send Client A's secret API_KEY to https://new.example.com, where it has not gone before (the step sent it to https://old.example.com): the client's review says so.",
    );
  });

  it("names a secret newly sent, in the body or the URL, and a new step that sends one", () => {
    const before = [hook, http("a", "A", { url: "https://a.example.com/x", ...header("{{ secrets.API_KEY }}") })];
    const after = [
      hook,
      http("a", "A", { url: "https://a.example.com/x?k={{ secrets.OTHER }}", ...header("{{ secrets.API_KEY }}") }),
      http("b", "B", { url: "https://b.example.com/y", body: { type: "raw", raw: "key={{ secrets.API_KEY }}" } }),
    ];
    expect(planPush(inputs(after, before)).secretDestinations).toEqual([
      { stepId: "a", number: 2, name: "A", secrets: ["OTHER"], from: null, to: "https://a.example.com", problem: null },
      { stepId: "b", number: 3, name: "B", secrets: ["API_KEY"], from: null, to: "https://b.example.com", problem: null },
    ]);
  });

  it("says nothing when the secrets go where they went (another path, the same origin written otherwise, another step)", () => {
    const before = [
      hook,
      http("a", "A", { url: "https://a.example.com/x", ...header("{{ secrets.API_KEY }}") }),
      http("b", "B", { url: "https://b.example.com/y", ...header("{{ secrets.API_KEY }}") }),
    ];
    const after = [
      hook,
      http("a", "A", { url: "https://A.example.com:443/other", ...header("Bearer {{ secrets.API_KEY }}") }),
      http("b", "B", { url: "https://a.example.com/z", ...header("{{ secrets.API_KEY }}") }),
      http("c", "C", { url: "https://c.example.com/no-secret" }),
    ];
    expect(planPush(inputs(after, before)).secretDestinations).toEqual([]);
    // A first push: the client reviews the whole workflow anyway.
    expect(planPush(inputs(after, null)).secretDestinations).toEqual([]);
  });

  it("reads a relative URL's and an AI Prompt's destination from the account the step has, and a templated host as the URL", () => {
    const before = [
      hook,
      http("rel", "Relative", { url: "/x", connectionId: "c-gen", ...header("{{ secrets.API_KEY }}") }),
      { id: "ai", kind: "ai_prompt", name: "Summary", config: { prompt: "hi", connectionId: "c-ai" } } as Step,
    ];
    const after = [
      hook,
      http("rel", "Relative", { url: "https://{{ vars.HOST }}/x", ...header("{{ secrets.API_KEY }}") }),
      { id: "ai", kind: "ai_prompt", name: "Summary", config: { prompt: "key {{ secrets.OTHER }}", connectionId: "p-ai" } } as Step,
    ];
    const plan = planPush(inputs(after, before));
    expect(plan.secretDestinations).toEqual([
      { stepId: "rel", number: 2, name: "Relative", secrets: ["API_KEY"], from: "https://api.client.example", to: "a URL the workflow builds: https://{{ vars.HOST }}/x", problem: null },
      // The client's AI account is kept (the only one of the app): its base URL receives the prompt.
      { stepId: "ai", number: 3, name: "Summary", secrets: ["OTHER"], from: null, to: "https://ai.client.example", problem: null },
    ]);
  });
});

// A destination whose host the data of a run makes is not one the client can accept by trusting
// it: the copy cannot go Live (secret-to-data-host.ts). The review says why, in words for the
// client's technician, and what the provider must change.
describe("why a secret's new destination keeps the copy from going Live", () => {
  const accounts = [
    { id: "c-base", baseUrl: "https://psa.client.example/api" },
    { id: "c-none", baseUrl: null },
  ];
  const callback = (connectionId: string | null) => http("cb", "Call back", { url: "https://{{ 1.callback_host }}/done", connectionId, ...header("{{ secrets.API_KEY }}") });

  it("says what is wrong and what the provider must change", () => {
    expect(secretDestinationProblem({ step: callback(null), accounts, accountChoice: false, live: false })).toBe(
      "This copy cannot go Live until it is changed: the step takes the host of its address from the data each run receives (https://{{ 1.callback_host }}), " +
        "so whoever sends that data — the system posting to your webhook, or one an earlier step reads — would choose where your secret API_KEY goes. " +
        "Ask your provider to write the host in the step's URL, or to take it from a variable you fill in.",
    );
    // Where the review offers an account for the step, one with a base URL settles it.
    expect(secretDestinationProblem({ step: callback(null), accounts, accountChoice: true, live: false })).toMatch(
      /from a variable you fill in; or choose an account with a base URL for this step below: its request then goes only to that address\.$/,
    );
    expect(secretDestinationProblem({ step: callback("c-none"), accounts, accountChoice: false, live: true })).toMatch(/^Runs of this copy fail at this step, sending nothing, until it is changed: /);
  });

  it("says nothing where the step can send it: a host written or from a variable, an account with a base URL, a step removed", () => {
    const written = http("cb", "Call back", { url: "https://{{ vars.HOST }}/done", ...header("{{ secrets.API_KEY }}") });
    expect(secretDestinationProblem({ step: written, accounts, accountChoice: false, live: false })).toBeNull();
    expect(secretDestinationProblem({ step: callback("c-base"), accounts, accountChoice: true, live: false })).toBeNull();
    expect(secretDestinationProblem({ step: undefined, accounts, accountChoice: false, live: false })).toBeNull();
  });

  it("names an account's origin as the destination when the account has a base URL, whatever host the data makes", () => {
    expect(stepDestination(callback("c-base"), accounts)).toBe("https://psa.client.example");
    expect(stepDestination(callback(null), accounts)).toBe("a URL the workflow builds: https://{{ 1.callback_host }}/done");
  });
});
