// The "edits this push replaces" note (client-edits.ts) and a step the provider deleted and added
// again under its own name: the push takes it for the client's step (its account choice is kept,
// replaced-copy-steps.ts), so the client's edit of that step is replaced too, and said — it was
// left out when the note matched steps by id alone.
import { describe, expect, it } from "vitest";
import { clientEdits, describeEditsToReplace, describeReplacedEdits, pushedStepsOf } from "@/lib/push/client-edits";
import { planPush } from "@/lib/push/plan-push";
import type { Step } from "@/lib/workflows/definition";

const hook: Step = { id: "hook", kind: "webhook", name: "Hook", config: {} };
const http = (id: string, name: string, config: Record<string, unknown>): Step => ({ id, kind: "http", name, config: { method: "POST", connectionId: null, ...config } });

describe("a client's edit of a step the provider deleted and added again", () => {
  const pushed = [hook, http("old", "Create ticket", { app: "psa", url: "https://psa.example.com/tickets" })];
  // The client changed the step's URL; the provider deleted it and added it again (a new id), same name and app.
  const mine = [hook, http("old", "Create ticket", { app: "psa", url: "https://psa.example.com/v2/tickets" })];
  const source = [hook, http("new", "Create ticket", { app: "psa", url: "https://psa.example.com/tickets", body: { type: "raw", raw: "x" } })];

  it("is among the edits the push replaces, named as the step the client finds", () => {
    const edits = clientEdits({ pushed: pushedStepsOf(pushed), pushedName: "W", pushedVersion: 1, name: "W", steps: mine, after: { name: "W", steps: source } });
    expect(edits.steps).toEqual([{ stepId: "old", name: "Create ticket", change: "changed", now: "Create ticket" }]);
    expect(describeEditsToReplace(edits, "Northwind")).toBe(
      "Northwind has edited its copy since the last push (version 1); pushing replaces those edits with this version: step “Create ticket” has your settings again.",
    );
    expect(describeReplacedEdits(edits)).toContain("(version 1): step “Create ticket” has your provider's settings again.");
  });

  it("is said by the plan the preflight shows", () => {
    const plan = planPush({
      source: { id: "wf", name: "W", version: 2, steps: source },
      sourceAccounts: new Map(),
      targetAccounts: [],
      targetVariables: new Map(),
      targetFiles: new Map(),
      sourceFiles: new Map(),
      existing: { workflowId: "copy", mode: "draft", name: "W", steps: mine, pushedStepsHash: "", sourceVersion: 1, pushedSampleHashes: null, pushedSteps: pushedStepsOf(pushed), pushedName: "W" },
      sampleData: "keep",
    });
    expect(plan.existingCopy?.clientEdits?.steps).toEqual([{ stepId: "old", name: "Create ticket", change: "changed", now: "Create ticket" }]);
  });

  it("is not taken for the client's step when the name differs (the account choice is not kept either)", () => {
    const renamed = [hook, http("new", "Open ticket", { app: "psa", url: "https://psa.example.com/tickets" })];
    const edits = clientEdits({ pushed: pushedStepsOf(pushed), pushedName: "W", pushedVersion: 1, name: "W", steps: mine, after: { name: "W", steps: renamed } });
    expect(edits.steps).toEqual([{ stepId: "old", name: "Create ticket", change: "changed", now: null }]);
  });
});
