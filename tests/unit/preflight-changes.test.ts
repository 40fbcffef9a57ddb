// What the Push page lists when a push was refused because the workflow was saved after the
// preflight shown: keys and files read or no longer read, and the new preflight's new notes —
// a note that differs only in its numbers (the version, a step's position) is the same note.
import { describe, expect, it } from "vitest";
import { preflightChanges, stepChanges } from "@/lib/push/preflight-changes";
import type { PreflightStep, PreflightView } from "@/lib/push/to-preflight-view";

const view = (p: { variables?: { key: string; secret: boolean }[]; files?: string[]; notes?: string[] }) =>
  ({
    variables: (p.variables ?? []).map((v) => ({ ...v, status: "present" })),
    files: (p.files ?? []).map((name) => ({ name, status: "present", differsFromProvider: false })),
    notes: p.notes ?? [],
  }) as unknown as PreflightView;

describe("preflightChanges", () => {
  it("names keys and files read or no longer read, and notes that are new", () => {
    const before = view({ variables: [{ key: "A", secret: false }], files: ["old.txt"], notes: ["Client A already has a copy (pushed from version 1; this is version 1).", "Same note"] });
    const after = view({
      variables: [{ key: "A", secret: false }, { key: "PSA_KEY", secret: true }],
      files: ["new.txt"],
      notes: ["Client A already has a copy (pushed from version 1; this is version 2).", "Same note", "Step 3 (Send key) would send Client A's secret PSA_KEY to https://exfil.example.net, where it has not gone before: the client's review says so."],
    });
    expect(preflightChanges(before, after)).toEqual([
      "It now reads secret PSA_KEY.",
      "It now reads file new.txt.",
      "It no longer reads file old.txt.",
      "Step 3 (Send key) would send Client A's secret PSA_KEY to https://exfil.example.net, where it has not gone before: the client's review says so.",
    ]);
  });

  it("tells a variable from a secret of the same key", () => {
    expect(preflightChanges(view({ variables: [{ key: "K", secret: false }] }), view({ variables: [{ key: "K", secret: true }] }))).toEqual(["It now reads secret K.", "It no longer reads variable K."]);
  });

  it("is empty when the preflight reads the same", () => {
    expect(preflightChanges(view({ notes: ["x 1"] }), view({ notes: ["x 2"] }))).toEqual([]);
  });
});

// The steps as the preflight lists them (kind, name, a fingerprint of the settings).
const withSteps = (steps: [id: string, kind: PreflightStep["kind"], name: string, fingerprint?: string][]) =>
  ({ workflow: { steps: steps.map(([id, kind, name, fingerprint = "f"]) => ({ id, kind, name, fingerprint })) } }) as unknown as PreflightView;

describe("stepChanges", () => {
  const hook = ["hook", "webhook", "Webhook"] as const;
  it("names steps added, removed, renamed and given new settings, by name", () => {
    const before = withSteps([[...hook], ["calc", "code", "Harmless"], ["old", "wait", "Pause"], ["ticket", "http", "Ticket"]]);
    const after = withSteps([[...hook], ["calc", "code", "Calculate", "g"], ["ticket", "http", "Ticket", "g"], ["send", "http", "Send key"]]);
    expect(stepChanges(before, after)).toEqual([
      'Step 2 (Code Execution "Calculate") was renamed (it was "Harmless") and has new settings.',
      'Step 3 (HTTP Request "Ticket") has new settings.',
      'Step 4 (HTTP Request "Send key") was added.',
      'Step 3 (Wait "Pause") was removed.',
    ]);
  });

  it("says a move only of the step that moved, not of the steps it passed", () => {
    const before = withSteps([[...hook], ["a", "code", "A"], ["b", "code", "B"], ["c", "code", "C"]]);
    const after = withSteps([[...hook], ["b", "code", "B"], ["c", "code", "C"], ["a", "code", "A"]]);
    expect(stepChanges(before, after)).toEqual(['Step 4 (Code Execution "A") moved (it was step 2).']);
  });

  it("says only the step added, not the steps after it, and nothing when the steps are the same", () => {
    const before = withSteps([[...hook], ["a", "code", "A"]]);
    expect(stepChanges(before, withSteps([[...hook], ["n", "code", "New"], ["a", "code", "A"]]))).toEqual(['Step 2 (Code Execution "New") was added.']);
    expect(stepChanges(before, before)).toEqual([]);
  });
});
