// Which of the client's account choices a re-push does not carry over, and so says it reset: those of
// copy steps the provider deleted when a new step of their kind and app, under another name, takes
// their place — never a step the client added itself, one without a choice, or one matched otherwise;
// and, on the next push, again those the last push recorded while the step still has no account.
import { describe, expect, it } from "vitest";
import { replacedCopySteps } from "@/lib/push/replaced-copy-steps";
import { resetAccountChoices } from "@/lib/push/reset-account-choices";
import type { Step } from "@/lib/workflows/definition";

const hook: Step = { id: "hook", kind: "webhook", name: "Hook", config: {} };
const http = (id: string, name: string, config: Record<string, unknown> = {}): Step => ({ id, kind: "http", name, config: { method: "POST", url: "/t", ...config } });
const accounts = [{ id: "c1", name: "PSA write" }, { id: "c2", name: "PSA read" }];
const resets = (source: Step[], existing: Step[], pushedIds: Set<string> | null = null) =>
  Object.fromEntries(resetAccountChoices({ source, existing, replaced: replacedCopySteps(source, existing), accounts, pushedIds }));

describe("resetAccountChoices", () => {
  it("names the choice of a deleted step of the same kind and app that a renamed new step takes the place of", () => {
    const existing = [hook, http("list", "List tickets", { app: "psa", connectionId: "c1" })];
    expect(resets([hook, http("create", "Create ticket", { app: "psa" })], existing)).toEqual({
      create: [{ stepId: "list", number: 2, name: "List tickets", account: { id: "c1", name: "PSA write" } }],
    });
  });

  it("names nothing for a step re-created under its own name (its choice is kept), of another app, or where the client chose none", () => {
    const existing = [hook, http("list", "List tickets", { app: "psa", connectionId: "c1" })];
    expect(resets([hook, http("again", "List tickets", { app: "psa" })], existing)).toEqual({});
    expect(resets([hook, http("create", "Create ticket", { app: "rmm" })], existing)).toEqual({});
    expect(resets([hook, http("create", "Create ticket", { app: "psa" })], [hook, http("list", "List tickets", { app: "psa", connectionId: null })])).toEqual({});
    // An account the client deleted since is no choice to lose.
    expect(resets([hook, http("create", "Create ticket", { app: "psa" })], [hook, http("list", "List tickets", { app: "psa", connectionId: "gone" })])).toEqual({});
  });

  it("does not take a step the client added itself for one the provider deleted", () => {
    const existing = [hook, http("mine", "My ticket", { app: "psa", connectionId: "c2" })];
    expect(resets([hook, http("create", "Create ticket", { app: "psa" })], existing, new Set(["hook"]))).toEqual({});
    expect(resets([hook, http("create", "Create ticket", { app: "psa" })], existing, new Set(["hook", "mine"]))).toEqual({
      create: [{ stepId: "mine", number: 2, name: "My ticket", account: { id: "c2", name: "PSA read" } }],
    });
  });

  it("says again a reset the last push recorded while the step is as it left it and still has no account", () => {
    const raise = http("raise", "Raise ticket", { app: "psa", connectionId: null });
    const recorded = [{ stepId: "raise", app: "psa", reset: [{ name: "Update ticket", account: "PSA write", stepId: "update", number: 3, accountId: "c1" }] }];
    const again = (source: Step[], existing: Step[], previous = recorded) =>
      Object.fromEntries(resetAccountChoices({ source, existing, replaced: replacedCopySteps(source, existing), accounts, previous }));
    const update = [{ stepId: "update", number: 3, name: "Update ticket", account: { id: "c1", name: "PSA write" } }];
    expect(again([hook, raise], [hook, raise])).toEqual({ raise: update });
    // Not once the client chose an account, the provider changed the step's app, or the account is gone.
    expect(again([hook, raise], [hook, http("raise", "Raise ticket", { app: "psa", connectionId: "c2" })])).toEqual({});
    expect(again([hook, http("raise", "Raise ticket", { app: "rmm" })], [hook, raise])).toEqual({});
    expect(again([hook, raise], [hook, raise], [{ ...recorded[0], reset: [{ ...recorded[0].reset[0], accountId: "gone" }] }])).toEqual({});
  });
});
