// Push and the client review apply the account rule of an HTTP Request's URL to a host a run's data
// makes: an account without a base URL cannot serve `https://{{ 1.callback_host }}/…` (it would
// send the client's token to whoever posts a delivery), so a push does not select it, a re-push
// takes the client's choice of it off, and the review neither offers it nor counts it as done.
// One with a base URL still can (the run holds it to that origin), and a host from the client's
// variable is served as before.
import { describe, expect, it } from "vitest";
import { computeReview } from "@/lib/push/compute-review";
import { planPush, type PushInputs } from "@/lib/push/plan-push";
import type { Step } from "@/lib/workflows/definition";

const call = (url: string, connectionId: string | null = "p-psa"): Step[] => [
  { id: "t", kind: "webhook", name: "Hook", config: {} },
  { id: "cb", kind: "http", name: "Call back", config: { method: "POST", url, connectionId } },
];
const generic = { id: "c-gen", app: "psa", name: "PSA token", baseUrl: null };
const pinned = { id: "c-pin", app: "psa", name: "PSA pinned", baseUrl: "https://psa.client.example" };
const inputs = (steps: Step[], targetAccounts: PushInputs["targetAccounts"], existing: PushInputs["existing"] = null): PushInputs => ({
  source: { id: "wf", name: "W", version: 2, steps },
  sourceAccounts: new Map([["p-psa", { id: "p-psa", app: "psa", name: "Provider PSA" }]]),
  targetAccounts,
  targetVariables: new Map([["HOOK_URL", { secret: false, hasValue: true }]]),
  targetFiles: new Map(),
  sourceFiles: new Map(),
  existing,
  sampleData: "keep",
});
const REASON =
  'the URL\'s host comes from a run\'s data (https://{{ 1.callback_host }}), and "PSA token" has no base URL: an account without one sends its credentials only to a host written in the URL or taken from a variable, never to one a delivery or a step\'s output names';

describe("a host from a run's data, pushed", () => {
  it("does not get the client's only account when it has no base URL, and the review says why", () => {
    const plan = planPush(inputs(call("https://{{ 1.callback_host }}/done"), [generic]));
    expect(plan.steps[1].config.connectionId).toBeNull();
    expect(plan.unusableAccounts).toEqual([{ stepId: "cb", number: 2, name: "Call back", account: { id: "c-gen", name: "PSA token" }, chosen: false, reason: REASON }]);
    const review = computeReview({ steps: plan.steps, accountSteps: plan.accountSteps, reviewedAt: new Date(), accounts: [generic], variables: new Map(), files: new Set() });
    expect(review.missing).toEqual([
      expect.objectContaining({ stepId: "cb", options: [], message: `none of your PSA / ticketing accounts can serve step 2 (Call back): ${REASON}; add one that can, then choose it` }),
    ]);
  });

  it("takes the client's choice of such an account off on a re-push; one with a base URL is offered", () => {
    const chosen = call("https://{{ 1.callback_host }}/done", "c-gen");
    const plan = planPush(inputs(call("https://{{ 1.callback_host }}/done"), [generic, pinned], { workflowId: "copy", mode: "draft", name: "W", steps: chosen, pushedStepsHash: "", sourceVersion: 1, pushedSampleHashes: null }));
    expect(plan.steps[1].config.connectionId).toBeNull();
    expect(plan.unusableAccounts).toMatchObject([{ stepId: "cb", chosen: true, account: { id: "c-gen" } }]);
    const review = computeReview({ steps: plan.steps, accountSteps: plan.accountSteps, reviewedAt: new Date(), accounts: [generic, pinned], variables: new Map(), files: new Set() });
    const item = review.items.find((i) => i.kind === "account");
    expect(item).toMatchObject({ options: [{ id: "c-pin", name: "PSA pinned" }], done: false });
  });

  it("keeps an account without a base URL on a host from the client's variable, or written in the step", () => {
    for (const url of ["{{ vars.HOOK_URL }}/done/{{ 1.id }}", "https://hooks.example.com/done/{{ 1.callback_host }}"]) {
      const plan = planPush(inputs(call(url), [generic]));
      expect(plan.steps[1].config.connectionId, url).toBe("c-gen");
      expect(plan.unusableAccounts, url).toEqual([]);
    }
  });
});
