// What the Push page lists when a push was refused because the workflow was saved after the
// preflight shown: keys and files read or no longer read, and the new preflight's new notes —
// a note that differs only in its numbers (the version, a step's position) is the same note.
import { describe, expect, it } from "vitest";
import { preflightChanges } from "@/lib/push/preflight-changes";
import type { PreflightView } from "@/lib/push/to-preflight-view";

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
