// The pure parts of telling a client what a re-push replaced (client-edits.ts) and of keeping its
// account choice on a step the provider re-created (replaced-copy-steps.ts).
import { describe, expect, it } from "vitest";
import { describeAuditEvent } from "@/lib/audit/describe-audit-event";
import { clientEdits, describeEditsToReplace, describeReplacedEdits, pushedStepsOf } from "@/lib/push/client-edits";
import { replacedCopySteps } from "@/lib/push/replaced-copy-steps";
import type { Step } from "@/lib/workflows/definition";

const step = (id: string, name: string, config: Record<string, unknown> = {}, kind = "http"): Step => ({ id, kind, name, config }) as Step;

describe("clientEdits", () => {
  const pushed = [step("hook", "Hook", {}, "webhook"), step("a", "Ticket", { url: "/t" }), step("b", "Mail", { url: "/m" })];
  it("names steps added, removed, changed and renamed, and ignores what the client sets itself", () => {
    const now = [
      step("hook", "Hook", { sharedSecretEncrypted: "x", testingData: { a: 1 } }, "webhook"),
      step("a", "Ticket", { url: "/t", connectionId: "c1" }),
      step("c", "Chat", { url: "/c" }),
    ];
    expect(clientEdits({ pushed: pushedStepsOf(pushed), pushedName: "W", pushedVersion: 3, name: "W", steps: now })).toEqual({
      previousVersion: 3,
      workflowRenamed: null,
      steps: [
        { stepId: "c", name: "Chat", change: "added" },
        { stepId: "b", name: "Mail", change: "removed" },
      ],
    });
    const renamed = [pushed[0], step("a", "Ticket (ours)", { url: "/t" }), step("b", "Mail", { url: "/other" })];
    const edits = clientEdits({ pushed: pushedStepsOf(pushed), pushedName: "W", pushedVersion: 3, name: "W2", steps: renamed });
    expect(edits.steps).toEqual([
      { stepId: "a", name: "Ticket (ours)", change: "renamed", from: "Ticket" },
      { stepId: "b", name: "Mail", change: "changed" },
    ]);
    expect(describeReplacedEdits(edits)).toBe(
      "This push replaced changes made in this workspace since the previous push (version 3): step “Ticket” (renamed here to “Ticket (ours)”) has your provider's name again; " +
        "step “Mail” has your provider's settings again; the workflow is named “W” again (renamed here to “W2”). " +
        "What you review now is your provider's version: make a change again if you still need it, or ask your provider to add it to theirs.",
    );
  });

  it("names each step as the push leaves it, for the client after the push and the provider before it (one list)", () => {
    // The provider renamed "Close out" too: the client finds "Close out v2" after the push, not "Close out".
    const was = [step("hook", "Hook", {}, "webhook"), step("close", "Close out", { code: "1" }, "code")];
    const mine = [was[0], step("close", "Close out (ours)", { code: "1" }, "code"), step("chat", "Notify chat", { url: "/c" })];
    const after = { name: "Offboard user", steps: [was[0], step("close", "Close out v2", { code: "2" }, "code")] };
    const edits = clientEdits({ pushed: pushedStepsOf(was), pushedName: "Offboard user", pushedVersion: 1, name: "Offboard user", steps: mine, after });
    const review = describeReplacedEdits(edits);
    expect(review).toContain("step “Close out v2” (renamed here to “Close out (ours)”) has your provider's name again; step “Notify chat” (added here) was removed.");
    expect(review).not.toContain("“Close out”");
    expect(describeEditsToReplace(edits, "Northwind")).toBe(
      "Northwind has edited its copy since the last push (version 1); pushing replaces those edits with this version: " +
        "step “Close out v2” (renamed in Northwind to “Close out (ours)”) has your name again; step “Notify chat” (added in Northwind) is removed.",
    );
  });

  it("the workflow's name: \"again\" only for the name the copy had; a name the provider gave since is said as theirs", () => {
    const was = [step("hook", "Hook", {}, "webhook")];
    const edits = (afterName: string) => clientEdits({ pushed: pushedStepsOf(was), pushedName: "Renamed by editor", pushedVersion: 3, name: "Client edited 2", steps: was, after: { name: afterName, steps: was } });
    expect(describeEditsToReplace(edits("Provider v4"), "Contoso Dental")).toBe(
      "Contoso Dental has edited its copy since the last push (version 3); pushing replaces those edits with this version: the workflow takes your name “Provider v4” (renamed in Contoso Dental to “Client edited 2”).",
    );
    expect(describeReplacedEdits(edits("Provider v4"))).toContain("the workflow takes your provider's name “Provider v4” (renamed here to “Client edited 2”)");
    expect(describeEditsToReplace(edits("Renamed by editor"), "Contoso Dental")).toContain("the workflow is named “Renamed by editor” again (renamed in Contoso Dental to “Client edited 2”)");
    // The provider took the client's name: that rename is not replaced.
    expect(describeEditsToReplace(edits("Client edited 2"), "Contoso Dental")).not.toContain("the workflow");
  });

  it("says only that changes were replaced for a copy pushed before steps were recorded", () => {
    const edits = clientEdits({ pushed: null, pushedName: "W", pushedVersion: 1, name: "W", steps: pushed });
    expect(edits.steps).toBeNull();
    expect(describeReplacedEdits(edits)).toMatch(/^This push replaced changes made in this workspace since the previous push \(version 1\)\. What you review/);
    expect(describeAuditEvent("pushed", { sourceName: "W", sourceVersion: 2, sampleData: "keep", clientEditsReplaced: edits }).text).toContain("replaced the client's own changes");
  });
});

describe("replacedCopySteps", () => {
  it("pairs a re-created step with the one it plainly replaces, one to one", () => {
    const copy = [step("hook", "Hook", {}, "webhook"), step("old", "Create ticket", { app: "psa" })];
    const found = replacedCopySteps([copy[0], step("new", "Create ticket", { app: "psa" })], copy);
    expect(found.get("new")?.id).toBe("old");
    expect(replacedCopySteps([copy[0], step("new", "Create ticket", { app: "rmm" })], copy).size).toBe(0);
    expect(replacedCopySteps([copy[0], step("new", "Create ticket", { app: "psa" }, "ai_prompt")], copy).size).toBe(0);
    // The old id still in the source: that step is matched by id, nothing is replaced.
    expect(replacedCopySteps([...copy, step("new", "Create ticket", { app: "psa" })], copy).size).toBe(0);
    // Two new steps of that kind, app and name: neither is plainly the old one.
    expect(replacedCopySteps([copy[0], step("n1", "Create ticket", { app: "psa" }), step("n2", "Create ticket", { app: "psa" })], copy).size).toBe(0);
  });
});
