// The preflight's notes: every item the client will have to complete is named in a sentence,
// files the workflow reads included.
import { describe, expect, it } from "vitest";
import { planPush, type PushInputs } from "@/lib/push/plan-push";
import { toPreflightView } from "@/lib/push/to-preflight-view";
import type { Step } from "@/lib/workflows/definition";

const steps: Step[] = [
  { id: "t", kind: "webhook", name: "Hook", config: {} },
  { id: "rmm", kind: "http", name: "Run script", config: { method: "POST", url: "https://rmm", body: { type: "raw", raw: "{{ files.cleanup.ps1 }}{{ files.notes.txt }}{{ files.kept.txt }}" }, connectionId: null } },
];

const inputs = (over: Partial<PushInputs> = {}): PushInputs => ({
  source: { id: "wf", name: "Cleanup", version: 1, steps },
  sourceAccounts: new Map(),
  targetAccounts: [],
  targetVariables: new Map(),
  targetFiles: new Map([["kept.txt", "sha-client"]]),
  sourceFiles: new Map([["notes.txt", "sha-provider"]]),
  existing: null,
  sampleData: "keep",
  ...over,
});

describe("toPreflightView", () => {
  it("notes a file the workflow reads that exists in neither workspace, and counts it", () => {
    const plan = planPush(inputs());
    const view = toPreflightView({ workflow: { id: "wf", name: "Cleanup", version: 1, steps }, target: { id: "c", name: "Contoso" }, plan });
    expect(view.files).toEqual([
      { name: "cleanup.ps1", status: "missing", differsFromProvider: false },
      { name: "kept.txt", status: "present", differsFromProvider: false },
      { name: "notes.txt", status: "copied", differsFromProvider: false },
    ]);
    const fileNotes = view.notes.filter((n) => /\bFile\b/.test(n));
    expect(fileNotes).toEqual(["File cleanup.ps1 is read by the workflow but exists neither in your workspace nor in Contoso: the client must upload it before going Live."]);
    expect(view.attention).toBe(1);
  });

  it("counts steps without an account and keys to create in words, singular or plural", () => {
    const withAccounts: Step[] = [
      { id: "t", kind: "webhook", name: "Hook", config: {} },
      { id: "a", kind: "http", name: "Ticket", config: { method: "POST", url: "https://psa/{{ vars.ONE }}", connectionId: "p-psa" } },
      { id: "b", kind: "http", name: "Note", config: { method: "POST", url: "https://psa/{{ vars.TWO }}", connectionId: "p-psa" } },
    ];
    const notesFor = (stepList: Step[]) => {
      const plan = planPush(inputs({ source: { id: "wf", name: "Tickets", version: 1, steps: stepList }, sourceAccounts: new Map([["p-psa", { id: "p-psa", app: "psa", name: "Provider PSA" }]]), targetFiles: new Map(), sourceFiles: new Map() }));
      return toPreflightView({ workflow: { id: "wf", name: "Tickets", version: 1, steps: stepList }, target: { id: "c", name: "Contoso" }, plan }).notes;
    };
    const two = notesFor(withAccounts);
    expect(two).toContain("2 steps arrive without an account: the client has none or several for the app and chooses one.");
    expect(two).toContain("2 variable/secret keys will be created in Contoso without a value; the client fills them in.");
    const one = notesFor(withAccounts.slice(0, 2));
    expect(one).toContain("1 step arrives without an account: the client has none or several for the app and chooses one.");
    expect(one).toContain("1 variable/secret key will be created in Contoso without a value; the client fills them in.");
    expect(one.join(" ")).not.toContain("(s)");
  });

  it("writes a client's name ending in s in the possessive as Traders', not Traders's", () => {
    const plan = planPush(inputs());
    const notes = toPreflightView({ workflow: { id: "wf", name: "Cleanup", version: 1, steps }, target: { id: "c", name: "Northwind Traders" }, plan, namesakes: 1 }).notes.join(" ");
    expect(notes).toContain(`marked "Pushed from" in Northwind Traders' Workflows list.`);
    expect(notes).not.toContain("Traders's");
  });
});
