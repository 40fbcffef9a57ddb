// A step built for one app (a blueprint's RMM script run: `config.app` = "rmm") may only use an
// account of that app: the editor flags another app's account under the field, and a push asks
// the client for an account of the step's app — not of the app of whichever account the provider
// picked, which would send the client's PSA credentials with the RMM call.
import { describe, expect, it } from "vitest";
import { planPush, type PushInputs } from "@/lib/push/plan-push";
import { reviewAccountNeeds } from "@/lib/push/review-account-needs";
import { toPreflightView } from "@/lib/push/to-preflight-view";
import { accountAppProblem, describeAccountAppProblem, stepAccountApp } from "@/lib/steps/step-account-app";
import type { Step } from "@/lib/workflows/definition";

const hook: Step = { id: "t", kind: "webhook", name: "Hook", config: {} };
const script = (connectionId: string | null, app?: string): Step => ({
  id: "s",
  kind: "http",
  name: "Run the approved cleanup script",
  config: { method: "POST", url: "/devices/1/scripts", connectionId, ...(app ? { app } : {}) },
});

describe("the app a step's account must be of", () => {
  it("is the app an HTTP Request was built for, the AI app for an AI Prompt, and any app for a generic HTTP Request", () => {
    expect(stepAccountApp(script(null, "rmm"))).toBe("rmm");
    expect(stepAccountApp({ kind: "ai_prompt", config: {} })).toBe("openai");
    expect(stepAccountApp(script(null))).toBeNull();
  });

  it("flags another app's account with the reason, and lets a generic step use any account", () => {
    const problem = accountAppProblem(script("a", "rmm"), { app: "psa" });
    expect(problem).toEqual({ stepApp: "rmm", accountApp: "psa" });
    expect(describeAccountAppProblem(problem!, "Fake PSA")).toBe(
      '"Fake PSA" is a PSA / ticketing account, but this step was built for Remote monitoring (RMM): its calls would go out with PSA / ticketing credentials. ' +
        "Choose a Remote monitoring (RMM) account, or switch the step to PSA / ticketing if it really calls that app.",
    );
    expect(accountAppProblem(script("a", "rmm"), { app: "rmm" })).toBeNull();
    expect(accountAppProblem(script("a"), { app: "psa" })).toBeNull();
  });
});

const clientRmm = { id: "c-rmm", app: "rmm", name: "Client RMM", baseUrl: "https://rmm.client.example/api" };
const clientPsa = { id: "c-psa", app: "psa", name: "Client PSA", baseUrl: "https://psa.client.example" };
const inputs = (step: Step): PushInputs => ({
  source: { id: "wf", name: "Low disk", version: 2, steps: [hook, step] },
  sourceAccounts: new Map([["p-psa", { id: "p-psa", app: "psa", name: "Fake PSA" }]]),
  targetAccounts: [clientRmm, clientPsa],
  targetVariables: new Map(),
  targetFiles: new Map(),
  sourceFiles: new Map(),
  existing: null,
  sampleData: "keep",
});

describe("a push of a step built for the RMM on the provider's PSA account", () => {
  it("selects the client's RMM account, records the RMM as the step's app, and tells the provider", () => {
    const plan = planPush(inputs(script("p-psa", "rmm")));
    expect(plan.connections.map((c) => c.app)).toEqual(["rmm"]);
    expect(plan.connections[0].steps[0]).toMatchObject({ result: "selected", account: { id: "c-rmm" } });
    expect(plan.steps[1].config.connectionId).toBe("c-rmm");
    expect(plan.accountSteps).toEqual([{ stepId: "s", app: "rmm" }]);
    const view = toPreflightView({ workflow: { id: "wf", name: "Low disk", version: 2, steps: [hook, script("p-psa", "rmm")] }, target: { id: "ws", name: "Client A" }, plan });
    expect(view.notes).toContain(
      'Step 2 (Run the approved cleanup script) was built for Remote monitoring (RMM) but selects your PSA / ticketing account "Fake PSA": ' +
        "Client A is asked for a Remote monitoring (RMM) account, the app the step calls. Choose a Remote monitoring (RMM) account on the step, or switch the step to PSA / ticketing if it really calls that app.",
    );
  });

  it("keeps taking the app of the provider's account for a generic step", () => {
    const plan = planPush(inputs(script("p-psa")));
    expect(plan.accountSteps).toEqual([{ stepId: "s", app: "psa" }]);
    expect(plan.steps[1].config.connectionId).toBe("c-psa");
    expect(plan.otherAppAccounts).toEqual([]);
  });

  it("asks the client of a copy pushed before for an account of the step's own app", () => {
    // Such a push recorded the app of the provider's PSA account for the RMM step.
    expect(reviewAccountNeeds([hook, script("c-psa", "rmm")], [{ stepId: "s", app: "psa" }])).toEqual([{ stepId: "s", app: "rmm" }]);
    expect(reviewAccountNeeds([hook, script("c-psa")], [{ stepId: "s", app: "psa" }])).toEqual([{ stepId: "s", app: "psa" }]);
  });
});
