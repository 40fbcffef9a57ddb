// The audit page words each event by its action: a webhook secret event (which carries a stepId)
// no longer reads as an account choice, and the events added for resources, tokens, sessions,
// retention and runs read as what happened.
import { describe, expect, it } from "vitest";
import { describeAuditEvent } from "@/lib/audit/describe-audit-event";

describe("describeAuditEvent", () => {
  it("words a webhook secret event as such, with or without the workflow's name", () => {
    expect(describeAuditEvent("webhook_secret_set", { stepId: "st_1", workflowName: "Alerts" })).toEqual({ label: "Webhook secret set", text: "Alerts · own shared secret on step st_1", tone: "slate" });
    expect(describeAuditEvent("webhook_secret_set", { stepId: "st_1" }).text).toBe("own shared secret on step st_1");
    expect(describeAuditEvent("unsigned_webhook_accepted", { stepId: "st_1", workflowName: "Alerts" }).text).toBe("Alerts · unsigned deliveries accepted on step st_1");
  });

  it("names a step by its number and name, not its id, and says when it is gone", () => {
    const webhook = { number: 1, name: "Webhook" };
    expect(describeAuditEvent("webhook_secret_set", { stepId: "st_0cFlFZdb9", workflowName: "Alerts" }, webhook).text).toBe("Alerts · own shared secret on step 1 (Webhook)");
    expect(describeAuditEvent("account_chosen", { stepId: "st_WxYYMCizV", connectionId: "c1", app: "psa" }, { number: 3, name: "Create ticket" }).text).toBe("step 3 (Create ticket) → account chosen (psa)");
    expect(describeAuditEvent("webhook_secret_removed", { stepId: "st_1", workflowName: "Alerts" }, webhook).text).toBe("Alerts · step 1 (Webhook) takes unsigned deliveries");
    expect(describeAuditEvent("unsigned_webhook_accepted", { stepId: "st_1" }, webhook).text).toBe("unsigned deliveries accepted on step 1 (Webhook)");
    expect(describeAuditEvent("webhook_url_rotated", { stepId: "st_1", workflowName: "Alerts" }, webhook).text).toBe("Alerts · step 1 (Webhook)");
    expect(describeAuditEvent("account_chosen", { stepId: "st_WxYYMCizV", connectionId: null }, null).text).toBe("a step since deleted or replaced → account cleared");
  });

  it("still words account choices and the older events as before", () => {
    expect(describeAuditEvent("account_chosen", { stepId: "st_2", connectionId: null, app: null }).text).toBe("step st_2 → account cleared");
    expect(describeAuditEvent("account_chosen", { stepId: "st_2", connectionId: "c1", app: "psa" }).text).toBe("step st_2 → account chosen (psa)");
    expect(describeAuditEvent("went_live", { workflowName: "W", sourceVersion: 3 })).toEqual({ label: "Went live", text: "W · source version 3", tone: "green" });
    expect(describeAuditEvent("workflow_deleted", { workflowName: "W", mode: "live" }).text).toBe("W · was Live");
    expect(describeAuditEvent("member_role_changed", { email: "a@x.test", from: "viewer", to: "owner" }).text).toBe("a@x.test: viewer → owner");
    expect(describeAuditEvent("member_password_reset", { email: "a@x.test", revokedApiTokens: 2 }).text).toBe("a@x.test, 2 API tokens revoked");
    expect(describeAuditEvent("member_password_reset", { email: "a@x.test", revokedApiTokens: 1 }).text).toBe("a@x.test, 1 API token revoked");
    expect(describeAuditEvent("reviewed", { complete: false, missing: ["a", "b"] }).text).toBe("2 items open");
    expect(describeAuditEvent("reviewed", { complete: false, missing: ["a"] }).text).toBe("1 item open");
  });

  it("words the events of resources, tokens, sessions, retention and runs", () => {
    expect(describeAuditEvent("variable_created", { key: "API_KEY", secret: true })).toMatchObject({ label: "Secret added", text: "secret API_KEY" });
    expect(describeAuditEvent("variable_deleted", { key: "REGION", secret: false })).toMatchObject({ label: "Variable deleted", text: "variable REGION", tone: "amber" });
    expect(describeAuditEvent("connection_updated", { name: "PSA prod", app: "psa", previousName: "PSA", fields: ["name", "credentials"] }).text).toBe("PSA prod (psa), renamed from PSA: name, credentials");
    expect(describeAuditEvent("file_uploaded", { name: "users.csv", size: 2048, contentType: "text/csv", replaced: true })).toMatchObject({ label: "File replaced", text: "users.csv · 2.0 KB · text/csv" });
    expect(describeAuditEvent("api_token_created", { tokenId: "t1", name: "backup" }).text).toBe('"backup"');
    expect(describeAuditEvent("signed_out_everywhere", { keptThisSession: true }).text).toBe("every other browser");
    expect(describeAuditEvent("retention_changed", { from: {}, to: { runDays: 3 } }).text).toBe("defaults → runDays 3");
    expect(describeAuditEvent("run_rerun", { workflowName: "W", runId: "r2", sourceRunId: "r1" }).text).toBe("W · new run r2 from run r1");
    expect(describeAuditEvent("stopped_runs_rerun", { workflowName: "W", started: 2, runs: [{ runId: "n1", sourceRunId: "s1" }, { runId: "n2", sourceRunId: "s2" }] })).toMatchObject({
      label: "Stopped runs run again",
      text: "W · 2 runs stopped by a push started again",
    });
  });

  it("says when a re-push took a Live copy back to Draft, and what it created or copied", () => {
    expect(describeAuditEvent("pushed", { sourceName: "Onboard user", sourceVersion: 2, created: false, sampleData: "keep", returnedToDraft: true, keysCreated: ["A", "B"], filesCopied: ["f.csv"] })).toEqual({
      label: "Pushed",
      tone: "amber",
      text: "Onboard user v2 (updated copy), Live copy back to Draft for review, sample data keep, 2 keys created without a value, 1 file copied",
    });
    expect(describeAuditEvent("pushed", { sourceName: "W", sourceVersion: 1, created: true, sampleData: "clear", keysCreated: [], filesCopied: [] })).toEqual({ label: "Pushed", tone: "blue", text: "W v1 (new copy), sample data clear" });
  });

  it("words a blueprint install by the workflow it created and the blueprint's title", () => {
    expect(describeAuditEvent("blueprint_installed", { workflowName: "Onboarding", blueprint: "new-hire-provisioning", blueprintTitle: "New-hire provisioning" })).toEqual({
      label: "Blueprint installed",
      text: "Onboarding · from blueprint New-hire provisioning",
      tone: "slate",
    });
  });

  it("words a client's change of a pushed copy so it reads right in the provider's log as in the client's", () => {
    const w = describeAuditEvent("copy_edited", {
      workflowName: "Offboard user",
      sourceVersion: 1,
      steps: [{ name: "Notify", change: "added" }, { name: "Ticket", change: "changed" }],
    });
    expect(w).toEqual({ label: "Pushed copy changed", tone: "amber", text: "Offboard user · changed since version 1 was pushed (2 steps: “Notify” added, “Ticket” changed)" });
    expect(w.text).not.toMatch(/your provider/);
  });

  it("shows an unknown action by its name", () => {
    expect(describeAuditEvent("something_new", { a: 1 })).toEqual({ label: "something_new", text: "", tone: "slate" });
  });
});
