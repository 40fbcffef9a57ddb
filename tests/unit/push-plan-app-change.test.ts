// A re-push where the provider changed a step's app (directory → PSA): the client's own account
// choice for the step no longer fits and cannot stay, and the preflight (and the push's audit,
// which records unusableAccounts' chosen ones as accountsTakenOff) says so by name, rather than
// the choice vanishing behind "keeps the client's account choices".
import { describe, expect, it } from "vitest";
import { planPush, type PushInputs } from "@/lib/push/plan-push";
import { stepsHash } from "@/lib/push/steps-hash";
import { toPreflightView } from "@/lib/push/to-preflight-view";
import type { Step } from "@/lib/workflows/definition";

const hook: Step = { id: "t", kind: "webhook", name: "Hook", config: {} };
const step = (connectionId: string): Step => ({ id: "s", kind: "http", name: "Sync", config: { method: "POST", url: "/report", connectionId } });

const inputs = (sourceStep: Step, targetAccounts: PushInputs["targetAccounts"]): PushInputs => {
  // The client's copy: its step on its own directory account, as it chose in its review.
  const prior = [hook, step("c-dir")];
  return {
    source: { id: "wf", name: "Report", version: 4, steps: [hook, sourceStep] },
    sourceAccounts: new Map([
      ["p-dir", { id: "p-dir", app: "directory", name: "Provider Graph" }],
      ["p-psa", { id: "p-psa", app: "psa", name: "Provider PSA" }],
    ]),
    targetAccounts,
    targetVariables: new Map(),
    targetFiles: new Map(),
    sourceFiles: new Map(),
    existing: { workflowId: "copy", mode: "live", name: "Report", steps: prior, pushedStepsHash: stepsHash("Report", prior), sourceVersion: 3, pushedSampleHashes: null },
    sampleData: "keep",
  };
};
const dir = { id: "c-dir", app: "directory", name: "Client Graph", baseUrl: "https://graph.client.example" };
const psa1 = { id: "c-psa1", app: "psa", name: "PSA one", baseUrl: "https://psa.client.example" };
const psa2 = { id: "c-psa2", app: "psa", name: "PSA two", baseUrl: "https://psa2.client.example" };
const preflight = (plan: ReturnType<typeof planPush>, source: PushInputs["source"]) => toPreflightView({ workflow: source, target: { id: "ws", name: "Client A" }, plan });

describe("a re-push that changes a step's app", () => {
  it("takes the client's account of the old app off the step and says so, naming it", () => {
    const input = inputs(step("p-psa"), [dir, psa1, psa2]);
    const plan = planPush(input);
    expect(plan.steps[1].config.connectionId).toBeNull();
    expect(plan.unusableAccounts).toEqual([
      {
        stepId: "s",
        number: 2,
        name: "Sync",
        account: { id: "c-dir", name: "Client Graph" },
        chosen: true,
        reason: '"Client Graph" is a Directory / identity account and the step now uses a PSA / ticketing account',
        needsApp: "psa",
      },
    ]);
    const notes = preflight(plan, input.source).notes;
    expect(notes).toContain(
      'Step 2 (Sync): Client A\'s account "Client Graph" is taken off its copy\'s step, because "Client Graph" is a Directory / identity account and the step now uses a PSA / ticketing account; the client must choose a PSA / ticketing account before going Live.',
    );
    // Not also counted among the steps that arrive without an account for want of one.
    expect(notes.join(" ")).not.toMatch(/arrives? without an account: the client has none or several/);
  });

  it("says which account takes its place when the client has only one of the new app", () => {
    const input = inputs(step("p-psa"), [dir, psa1]);
    const plan = planPush(input);
    expect(plan.steps[1].config.connectionId).toBe("c-psa1");
    expect(plan.unusableAccounts.map((u) => [u.account.id, u.chosen])).toEqual([["c-dir", true]]);
    expect(preflight(plan, input.source).notes.join(" ")).toContain('Client A\'s only PSA / ticketing account, "PSA one", is selected in its place.');
  });

  it("keeps the client's choice when the app is unchanged", () => {
    const plan = planPush(inputs(step("p-dir"), [dir, psa1]));
    expect(plan.steps[1].config.connectionId).toBe("c-dir");
    expect(plan.unusableAccounts).toEqual([]);
  });
});
