// The pure core of Push: what a definition needs, the plan (accounts 0/1/several, keys,
// files, sample data, re-push) and the client review checklist.
import { describe, expect, it } from "vitest";
import { computeReview } from "@/lib/push/compute-review";
import { planPush, type PushInputs } from "@/lib/push/plan-push";
import { scanRequirements } from "@/lib/push/scan-requirements";
import { stepsHash } from "@/lib/push/steps-hash";
import type { Step } from "@/lib/workflows/definition";

const steps: Step[] = [
  { id: "t", kind: "webhook", name: "Hook", config: { testingData: { user: "alice@provider.example" }, sharedSecretEncrypted: "v1:provider" } },
  { id: "code", kind: "code", name: "Password", config: { code: "return vars.DOMAIN + vars['SUFFIX']", timeoutMs: 1000 } },
  { id: "dir", kind: "http", name: "Create user", config: { method: "POST", url: "{{ vars.GRAPH_URL }}/users", headers: [{ name: "x", value: "{{ secrets.GRAPH_KEY }}" }], connectionId: "p-dir" } },
  { id: "psa", kind: "http", name: "Ticket", config: { method: "POST", url: "https://psa", body: { type: "raw", raw: "{{ files.cleanup.ps1 }}" }, connectionId: "p-psa" } },
  { id: "ai", kind: "ai_prompt", name: "Summarize", config: { prompt: "{{ 1.user }}", connectionId: "p-ai" } },
  { id: "plain", kind: "http", name: "No account", config: { method: "GET", url: "https://x", connectionId: null } },
];

const base = (over: Partial<PushInputs> = {}): PushInputs => ({
  source: { id: "wf", name: "Onboarding", version: 3, steps },
  sourceAccounts: new Map([
    ["p-dir", { id: "p-dir", app: "directory", name: "Provider Graph" }],
    ["p-psa", { id: "p-psa", app: "psa", name: "Provider PSA" }],
    ["p-ai", { id: "p-ai", app: "openai", name: "Provider AI" }],
  ]),
  targetAccounts: [
    { id: "c-dir", app: "directory", name: "Client Graph", baseUrl: null },
    { id: "c-psa1", app: "psa", name: "PSA one", baseUrl: null },
    { id: "c-psa2", app: "psa", name: "PSA two", baseUrl: null },
  ],
  targetVariables: new Map([
    ["GRAPH_URL", { secret: false, hasValue: true }],
    ["SUFFIX", { secret: true, hasValue: true }],
  ]),
  targetFiles: new Map(),
  sourceFiles: new Map([["cleanup.ps1", "sha-provider"]]),
  existing: null,
  sampleData: "keep",
  ...over,
});

describe("scanRequirements", () => {
  it("finds vars (templates and code bodies), secrets, files, account steps and sample data", () => {
    const r = scanRequirements(steps);
    expect(r.vars).toEqual(["DOMAIN", "GRAPH_URL", "SUFFIX"]);
    expect(r.secrets).toEqual(["GRAPH_KEY"]);
    expect(r.files).toEqual(["cleanup.ps1"]);
    expect(r.accountSteps.map((s) => [s.stepId, s.connectionId])).toEqual([["dir", "p-dir"], ["psa", "p-psa"], ["ai", "p-ai"], ["plain", null]]);
    expect(r.sampleData).toEqual([{ stepId: "t", number: 1, name: "Hook" }]);
  });
});

describe("planPush", () => {
  it("selects the only account, leaves none/several without one, and never copies the provider's", () => {
    const plan = planPush(base());
    const byApp = Object.fromEntries(plan.connections.map((c) => [c.app, c]));
    expect(byApp.directory).toMatchObject({ outcome: "one_account", steps: [{ stepId: "dir", result: "selected", account: { id: "c-dir" } }] });
    expect(byApp.psa).toMatchObject({ outcome: "several_accounts", steps: [{ stepId: "psa", result: "no_account", account: null }] });
    expect(byApp.openai).toMatchObject({ outcome: "no_account", steps: [{ stepId: "ai", result: "no_account" }] });
    const ids = Object.fromEntries(plan.steps.map((s) => [s.id, s.config.connectionId]));
    expect(ids).toEqual({ t: undefined, code: undefined, dir: "c-dir", psa: null, ai: null, plain: null });
    expect(plan.accountSteps).toEqual([{ stepId: "dir", app: "directory" }, { stepId: "psa", app: "psa" }, { stepId: "ai", app: "openai" }]);
  });

  it("creates missing keys without values and flags a key of the wrong kind", () => {
    const plan = planPush(base());
    expect(plan.variables).toEqual([
      { key: "DOMAIN", secret: false, status: "created_without_value" },
      { key: "GRAPH_URL", secret: false, status: "present" },
      { key: "SUFFIX", secret: false, status: "wrong_kind" },
      { key: "GRAPH_KEY", secret: true, status: "created_without_value" },
    ]);
    expect(plan.keysToCreate).toEqual([{ key: "DOMAIN", secret: false }, { key: "GRAPH_KEY", secret: true }]);
  });

  it("copies files the client lacks, keeps the client's own, reports ones missing everywhere", () => {
    expect(planPush(base()).files).toEqual([{ name: "cleanup.ps1", status: "copied", differsFromProvider: false }]);
    expect(planPush(base({ targetFiles: new Map([["cleanup.ps1", "sha-provider"]]) })).files).toEqual([{ name: "cleanup.ps1", status: "present", differsFromProvider: false }]);
    expect(planPush(base({ sourceFiles: new Map() })).files).toEqual([{ name: "cleanup.ps1", status: "missing", differsFromProvider: false }]);
  });

  it("keeps a client's file whose content differs, and says it differs", () => {
    const plan = planPush(base({ targetFiles: new Map([["cleanup.ps1", "sha-client-old"]]) }));
    expect(plan.files).toEqual([{ name: "cleanup.ps1", status: "present", differsFromProvider: true }]);
    expect(plan.filesToCopy).toEqual([]);
    // Only the provider's content can be compared: a client file the provider lacks is just present.
    expect(planPush(base({ sourceFiles: new Map(), targetFiles: new Map([["cleanup.ps1", "x"]]) })).files[0].differsFromProvider).toBe(false);
  });

  it("keeps or clears sample data, and never copies the webhook's shared secret", () => {
    const keep = planPush(base()).steps[0].config;
    expect(keep).toEqual({ testingData: { user: "alice@provider.example" } });
    expect(planPush(base({ sampleData: "clear" })).steps[0].config).toEqual({});
  });

  it("on a re-push keeps the client's account choices and its own webhook secret", () => {
    const prior = planPush(base()).steps.map((s) =>
      s.id === "psa" ? { ...s, config: { ...s.config, connectionId: "c-psa2" } } : s.id === "t" ? { ...s, config: { sharedSecretEncrypted: "v1:client" } } : s,
    );
    const plan = planPush(base({ existing: { workflowId: "copy", mode: "live", name: "Onboarding", steps: prior, pushedStepsHash: stepsHash("Onboarding", prior), sourceVersion: 2, pushedSampleHashes: null } }));
    const psa = plan.connections.find((c) => c.app === "psa")!;
    expect(psa.steps[0]).toMatchObject({ result: "kept", account: { id: "c-psa2" } });
    expect(plan.steps.find((s) => s.id === "t")!.config.sharedSecretEncrypted).toBe("v1:client");
    expect(plan.existingCopy).toEqual({ workflowId: "copy", mode: "live", pushedSourceVersion: 2, editedByClient: false, clientEdits: null, returnsToDraft: true, runsStopped: 0 });
  });

  it("asks the review for an account when the provider's account was deleted: AI for AI Prompt, any for HTTP", () => {
    const plan = planPush(base({ sourceAccounts: new Map([["p-dir", { id: "p-dir", app: "directory", name: "Provider Graph" }]]) }));
    expect(plan.unknownAccounts).toEqual([
      { stepId: "psa", number: 4, name: "Ticket", app: null, result: "no_account" },
      { stepId: "ai", number: 5, name: "Summarize", app: "openai", result: "no_account" },
    ]);
    expect(plan.accountSteps).toEqual([{ stepId: "dir", app: "directory" }, { stepId: "psa", app: null }, { stepId: "ai", app: "openai" }]);
    expect(Object.fromEntries(plan.steps.map((s) => [s.id, s.config.connectionId]))).toMatchObject({ psa: null, ai: null, plain: null });
    const r = computeReview({ steps: plan.steps, accountSteps: plan.accountSteps, reviewedAt: new Date(), accounts: [{ id: "c-psa1", app: "psa", name: "PSA one", baseUrl: null }, { id: "c-ai", app: "openai", name: "AI", baseUrl: null }], variables: new Map(), files: new Set() });
    const items = Object.fromEntries(r.items.filter((i) => i.kind === "account").map((i) => [i.kind === "account" && i.stepId, i]));
    expect(items.psa).toMatchObject({ app: null, appLabel: "any app", done: false, options: [{ id: "c-psa1" }, { id: "c-ai" }], message: "choose which account step 4 (Ticket) uses" });
    expect(items.ai).toMatchObject({ app: "openai", done: false, options: [{ id: "c-ai" }] });
    // Re-pushed: a fitting account the client chose is kept (any for HTTP, an AI one for AI Prompt).
    const chosen = plan.steps.map((s) => (s.id === "psa" || s.id === "ai" ? { ...s, config: { ...s.config, connectionId: "c-psa1" } } : s));
    const again = planPush(base({ sourceAccounts: new Map(), existing: { workflowId: "copy", mode: "draft", name: "Onboarding", steps: chosen, pushedStepsHash: "", sourceVersion: 3, pushedSampleHashes: null } }));
    expect(again.unknownAccounts.map((u) => [u.stepId, u.result])).toEqual([["dir", "kept"], ["psa", "kept"], ["ai", "no_account"]]);
    expect(Object.fromEntries(again.steps.map((s) => [s.id, s.config.connectionId]))).toMatchObject({ psa: "c-psa1", ai: null });
  });

  it("keeps the client's own testing data on an update unless the provider replaces it", () => {
    const first = planPush(base());
    const own = first.steps.map((s) => (s.id === "t" ? { ...s, config: { testingData: { user: "bob@client.example" } } } : s));
    const existing = { workflowId: "copy", mode: "draft" as const, name: "Onboarding", steps: own, pushedStepsHash: first.pushedStepsHash, sourceVersion: 3, pushedSampleHashes: first.pushedSampleHashes };
    const data = (choice: "keep" | "clear" | "replace") => planPush(base({ existing, sampleData: choice })).steps[0].config.testingData;
    expect(data("keep")).toEqual({ user: "bob@client.example" });
    expect(data("clear")).toEqual({ user: "bob@client.example" });
    expect(data("replace")).toEqual({ user: "alice@provider.example" });
    expect(planPush(base({ existing })).sampleData.clientOwn).toEqual([{ stepId: "t", number: 1, name: "Hook", kept: true }]);
    expect(planPush(base({ existing, sampleData: "replace" })).sampleData.clientOwn[0].kept).toBe(false);
    // What the provider pushed is not the client's: keep updates it, clear removes it.
    const untouched = { ...existing, steps: first.steps };
    expect(planPush(base({ existing: untouched })).sampleData.clientOwn).toEqual([]);
    expect(planPush(base({ existing: untouched, sampleData: "clear" })).steps[0].config).not.toHaveProperty("testingData");
    // A copy pushed before hashes were recorded: anything but the provider's sample data is the client's.
    expect(planPush(base({ existing: { ...existing, pushedSampleHashes: null } })).steps[0].config.testingData).toEqual({ user: "bob@client.example" });
    expect(planPush(base({ existing: { ...untouched, pushedSampleHashes: null } })).sampleData.clientOwn).toEqual([]);
  });

  it("never replaces the client's own testing data with nothing: replace leaves it where the provider has no sample data", () => {
    const bare = steps.map((s) => (s.id === "t" ? { ...s, config: { sharedSecretEncrypted: "v1:provider" } } : s));
    const first = planPush(base({ source: { id: "wf", name: "Onboarding", version: 3, steps: bare } }));
    const own = first.steps.map((s) => (s.id === "t" ? { ...s, config: { testingData: { user: "bob@client.example" } } } : s));
    const existing = { workflowId: "copy", mode: "draft" as const, name: "Onboarding", steps: own, pushedStepsHash: first.pushedStepsHash, sourceVersion: 3, pushedSampleHashes: first.pushedSampleHashes };
    const plan = planPush(base({ source: { id: "wf", name: "Onboarding", version: 3, steps: bare }, existing, sampleData: "replace" }));
    expect(plan.steps[0].config.testingData).toEqual({ user: "bob@client.example" });
    expect(plan.sampleData).toMatchObject({ present: false, clientOwn: [{ stepId: "t", kept: true }] });
  });

  it("tells a client edit from an account choice", () => {
    const prior = planPush(base()).steps;
    const hash = stepsHash("Onboarding", prior);
    const chosen = prior.map((s) => (s.id === "ai" ? { ...s, config: { ...s.config, connectionId: "c-ai" } } : s));
    expect(stepsHash("Onboarding", chosen)).toBe(hash);
    const edited = prior.map((s) => (s.id === "plain" ? { ...s, config: { ...s.config, url: "https://client.example" } } : s));
    expect(stepsHash("Onboarding", edited)).not.toBe(hash);
  });
});

describe("computeReview", () => {
  const plan = planPush(base());
  const inputs = {
    steps: plan.steps,
    accountSteps: plan.accountSteps,
    reviewedAt: null,
    accounts: [{ id: "c-dir", app: "directory", name: "Client Graph", baseUrl: null }, { id: "c-psa1", app: "psa", name: "PSA one", baseUrl: null }],
    variables: new Map([["DOMAIN", { secret: false, hasValue: false }], ["GRAPH_URL", { secret: false, hasValue: true }], ["SUFFIX", { secret: false, hasValue: true }], ["GRAPH_KEY", { secret: true, hasValue: false }]]),
    files: new Set<string>(),
  };

  it("lists accounts to choose, empty keys, files and the confirmation", () => {
    const r = computeReview(inputs);
    expect(r.complete).toBe(false);
    expect(r.missing.map((m) => m.message)).toEqual([
      "choose which PSA / ticketing account step 4 (Ticket) uses",
      "add an account for OpenAI-compatible AI, then choose it for step 5 (Summarize)",
      "fill in the value of variable DOMAIN",
      "fill in the value of secret GRAPH_KEY",
      "upload the file cleanup.ps1",
      "confirm that you reviewed the workflow's configuration",
    ]);
  });

  it("is complete when every item is done", () => {
    const steps = plan.steps.map((s) => (s.id === "psa" ? { ...s, config: { ...s.config, connectionId: "c-psa1" } } : s.id === "ai" ? { ...s, config: { ...s.config, connectionId: "c-ai" } } : s));
    const r = computeReview({
      ...inputs,
      steps,
      reviewedAt: new Date(),
      accounts: [...inputs.accounts, { id: "c-ai", app: "openai", name: "AI", baseUrl: null }],
      variables: new Map([...inputs.variables].map(([k, v]) => [k, { ...v, hasValue: true }])),
      files: new Set(["cleanup.ps1"]),
    });
    expect(r.missing).toEqual([]);
    expect(r.complete).toBe(true);
  });
});
