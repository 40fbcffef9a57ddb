// A step deleted and added again between two preflights (a new id): the Push page's list of what
// changed in the steps says it as one step when the push takes it for the same step (same kind,
// app and name, one to one: it keeps the client's account choice), and as removed and added when
// it does not (renamed, or two candidates) — as the preflight's account notes say. That the client's
// choice is kept is said only where its copy has one (not on a first push: found by QA).
import { describe, expect, it } from "vitest";
import { stepChanges } from "@/lib/push/preflight-changes";
import type { PreflightStep, PreflightView } from "@/lib/push/to-preflight-view";

type Row = [id: string, kind: PreflightStep["kind"], name: string, fingerprint?: string, app?: string | null];
/** `kept`: the steps whose account the client chose in its copy and the push keeps (as the preflight's
 *  App connections say), by default every http step. */
const withSteps = (steps: Row[], { kept = steps.filter(([, kind]) => kind === "http").map(([id]) => id) }: { kept?: string[] } = {}) =>
  ({
    workflow: { steps: steps.map(([id, kind, name, fingerprint = "f", app = null]) => ({ id, kind, name, fingerprint, app })) },
    connections: [{ app: "psa", steps: steps.filter(([, kind]) => kind === "http").map(([stepId], i) => ({ stepId, number: i + 2, name: "", result: kept.includes(stepId) ? "kept" : "no_account", account: null })) }],
    unknownAccounts: [],
    stepsWithoutAccount: [],
  }) as unknown as PreflightView;
const hook: Row = ["hook", "webhook", "Webhook"];

describe("stepChanges of a step deleted and added again", () => {
  it("says the client's account choice is kept only where its copy has one the push keeps: never on a first push", () => {
    const before = withSteps([hook, ["old", "http", "Create ticket", "f", "psa"]], { kept: [] });
    // A first push (the client has no copy: "arrives without an account") or a copy whose step has none.
    expect(stepChanges(before, withSteps([hook, ["new", "http", "Create ticket", "g", "psa"]], { kept: [] }))).toEqual([
      'Step 2 (HTTP Request "Create ticket") was deleted and added again and has new settings.',
    ]);
  });

  it("says one step deleted and added again when kind, app and name are the same", () => {
    const before = withSteps([hook, ["old", "http", "Create ticket", "f", "psa"], ["c", "code", "C"]]);
    expect(stepChanges(before, withSteps([hook, ["new", "http", "Create ticket", "f", "psa"], ["c", "code", "C"]]))).toEqual([
      'Step 2 (HTTP Request "Create ticket") was deleted and added again: it is the same step to the client, whose account choice for it is kept.',
    ]);
    // With new settings, and after a step inserted before it: no move is said for that.
    expect(stepChanges(before, withSteps([hook, ["ins", "code", "Inserted"], ["new", "http", "Create ticket", "g", "psa"], ["c", "code", "C"]]))).toEqual([
      'Step 2 (Code Execution "Inserted") was added.',
      'Step 3 (HTTP Request "Create ticket") was deleted and added again and has new settings: it is the same step to the client, whose account choice for it is kept.',
    ]);
    // Moved after another step.
    expect(stepChanges(before, withSteps([hook, ["c", "code", "C"], ["new", "http", "Create ticket", "f", "psa"]]))).toEqual([
      'Step 3 (HTTP Request "Create ticket") was deleted and added again and moved (it was step 2): it is the same step to the client, whose account choice for it is kept.',
    ]);
  });

  it("says removed and added when the name, the app or the kind changed, or two steps could be the one", () => {
    const before = withSteps([hook, ["old", "http", "List tickets", "f", "psa"]]);
    expect(stepChanges(before, withSteps([hook, ["new", "http", "Create ticket", "f", "psa"]]))).toEqual([
      'Step 2 (HTTP Request "Create ticket") was added.',
      'Step 2 (HTTP Request "List tickets") was removed.',
    ]);
    expect(stepChanges(before, withSteps([hook, ["new", "http", "List tickets", "f", "rmm"]]))).toEqual([
      'Step 2 (HTTP Request "List tickets") was added.',
      'Step 2 (HTTP Request "List tickets") was removed.',
    ]);
    expect(stepChanges(before, withSteps([hook, ["a", "http", "List tickets", "f", "psa"], ["b", "http", "List tickets", "f", "psa"]]))).toEqual([
      'Step 2 (HTTP Request "List tickets") was added.',
      'Step 3 (HTTP Request "List tickets") was added.',
      'Step 2 (HTTP Request "List tickets") was removed.',
    ]);
  });

  it("says nothing of an account for a step that takes none", () => {
    const before = withSteps([hook, ["old", "code", "Calc"]]);
    expect(stepChanges(before, withSteps([hook, ["new", "code", "Calc"]]))).toEqual(['Step 2 (Code Execution "Calc") was deleted and added again.']);
  });
});
