// The blueprint setup form's own checks and wording: every field the setup schema says is missing
// or out of range is found before sending, and each is named by its label, never by the API's
// path (setup.domain).
import { describe, expect, it } from "vitest";
import { checkSetup, fieldId, inWords, setupLabel } from "@/components/blueprints/setup-errors";
import type { JsonSchema } from "@/components/blueprints/schema-field";
import { blueprintBySlug } from "@/lib/blueprints";
import { toBlueprintView } from "@/lib/blueprints/blueprint-view";

const schemaOf = (slug: string) => toBlueprintView(blueprintBySlug(slug)!).setupSchema as JsonSchema;

describe("checkSetup", () => {
  it("names every required field left empty, not only the first", () => {
    expect(checkSetup(schemaOf("new-hire-provisioning"), {}, "setup", true)).toEqual({ "setup.domain": "is required", "setup.clientName": "is required" });
    expect(checkSetup(schemaOf("low-disk-remediation"), { cleanupScriptId: "  " }, "setup", true)).toEqual({ "setup.cleanupScriptId": "is required" });
    expect(checkSetup(schemaOf("license-reconciliation"), { skus: [] }, "setup", true)).toEqual({
      "setup.clientName": "is required",
      "setup.tenantId": "is required",
      "setup.agreementId": "is required",
      "setup.skus": "is required",
    });
  });

  it("checks numbers, emptied fields with a default, lists, repeated groups and name → value tables", () => {
    const lowDisk = schemaOf("low-disk-remediation");
    expect(checkSetup(lowDisk, { cleanupScriptId: "x", waitSeconds: 0, thresholdPercent: 15.5, tier2Board: "" }, "setup", true)).toEqual({
      "setup.waitSeconds": "must be between 1 and 3600",
      "setup.tier2Board": "cannot be empty",
    });
    expect(checkSetup(lowDisk, { cleanupScriptId: "x", waitSeconds: 1.5 }, "setup", true)).toEqual({ "setup.waitSeconds": "must be a whole number" });
    expect(checkSetup(schemaOf("edr-alert-triage"), { clientName: "C", criticalClassifications: [] }, "setup", true)).toEqual({ "setup.criticalClassifications": "needs at least 1 entry" });
    expect(checkSetup(schemaOf("new-hire-provisioning"), { domain: "c.com", clientName: "C", departments: [{ name: "Clinical" }, { licenses: [] }] }, "setup", true)).toEqual({
      "setup.departments.1.name": "is required",
    });
    expect(checkSetup(schemaOf("warranty-lifecycle-report"), { clientName: "C", replacementCosts: { laptop: -1, "": 5 } }, "setup", true)).toEqual({
      "setup.replacementCosts": "needs a name in every row",
      "setup.replacementCosts.laptop": "must be at least 0",
    });
  });

  it("passes every blueprint's example setup", () => {
    for (const slug of ["new-hire-provisioning", "edr-alert-triage", "license-reconciliation", "leaver-deprovisioning", "low-disk-remediation", "warranty-lifecycle-report"]) {
      const view = toBlueprintView(blueprintBySlug(slug)!);
      expect(checkSetup(view.setupSchema as JsonSchema, view.exampleSetup, "setup", true), slug).toEqual({});
    }
  });
});

describe("setupLabel and inWords", () => {
  const newHire = schemaOf("new-hire-provisioning");
  it("names a field by its label, with the groups it sits in", () => {
    expect(setupLabel(newHire, "setup.domain")).toBe("E-mail domain");
    expect(setupLabel(newHire, "setup.departments.1.name")).toBe("Department (Per department 2)");
    expect(setupLabel(newHire, "setup.everyone.licenses")).toBe("Licence SKUs (For every new hire)");
    expect(setupLabel(schemaOf("warranty-lifecycle-report"), "setup.replacementCosts.laptop")).toBe("laptop (Replacement cost per device class)");
    expect(setupLabel(newHire, "setup.bogus")).toBe("bogus");
    expect(setupLabel(newHire, "setup")).toBe("Client setup");
  });

  it("reads the API's messages as sentences after the label", () => {
    expect(inWords("E-mail domain", "is required")).toBe("E-mail domain is required");
    expect(inWords("E-mail domain", "must be a domain such as contoso.com")).toBe("E-mail domain must be a domain such as contoso.com");
    expect(inWords("Usage location", "Invalid input")).toBe("Usage location: Invalid input");
  });

  it("gives each path an element id", () => {
    expect(fieldId("setup.departments.0.name")).toBe("f-setup-departments-0-name");
  });
});
