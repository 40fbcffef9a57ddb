// The blueprint setup form's own checks and wording: every field the setup schema says is missing
// or out of range is found before sending, and each is named by its label, never by the API's
// path (setup.domain).
import { describe, expect, it } from "vitest";
import { checkSetup, fieldId, inWords, setupLabel } from "@/components/blueprints/setup-errors";
import { setupToSend } from "@/components/blueprints/table-rows";
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
      "setup.replacementCosts.0.value": "must be at least 0",
      "setup.replacementCosts.1.name": "is required for a row with a value",
    });
  });

  it("checks a name → value table row by row, as the form holds it: repeated names (trimmed), names missing beside a value", () => {
    const rows = [
      { name: "laptop", value: 1400 },
      { name: "", value: undefined }, // added and left empty: left out, no error
      { name: "laptop ", value: 1500 },
      { name: " ", value: 50 },
      { name: "tablet", value: undefined },
    ];
    expect(checkSetup(schemaOf("warranty-lifecycle-report"), { clientName: "C", replacementCosts: rows }, "setup", true)).toEqual({
      "setup.replacementCosts.2.name": "is already listed in row 1",
      "setup.replacementCosts.3.name": "is required for a row with a value",
      "setup.replacementCosts.4.value": "is required",
    });
  });

  it("passes every blueprint's example setup", () => {
    for (const slug of ["new-hire-provisioning", "edr-alert-triage", "license-reconciliation", "leaver-deprovisioning", "low-disk-remediation", "warranty-lifecycle-report"]) {
      const view = toBlueprintView(blueprintBySlug(slug)!);
      expect(checkSetup(view.setupSchema as JsonSchema, view.exampleSetup, "setup", true), slug).toEqual({});
    }
  });
});

describe("setupToSend", () => {
  it("sends a table's named rows as an object, names trimmed, empty rows left out", () => {
    const schema = schemaOf("warranty-lifecycle-report");
    const rows = [{ name: " laptop ", value: 1500 }, { name: "", value: undefined }, { name: "desktop", value: 1100 }];
    expect(setupToSend(schema, { clientName: "C", replacementCosts: rows, hour: 7 })).toEqual({ clientName: "C", replacementCosts: { laptop: 1500, desktop: 1100 }, hour: 7 });
    // Not yet edited, a table is the object its default gave.
    expect(setupToSend(schema, { replacementCosts: { laptop: 1 } })).toEqual({ replacementCosts: { laptop: 1 } });
    const newHire = { domain: "c.com", departments: [{ name: "A", licenses: ["X"] }] };
    expect(setupToSend(schemaOf("new-hire-provisioning"), newHire)).toEqual(newHire);
  });
});

describe("setupLabel and inWords", () => {
  const newHire = schemaOf("new-hire-provisioning");
  it("names a field by its label, with the groups it sits in", () => {
    expect(setupLabel(newHire, "setup.domain")).toBe("E-mail domain");
    expect(setupLabel(newHire, "setup.departments.1.name")).toBe("Department (Per department 2)");
    expect(setupLabel(newHire, "setup.everyone.licenses")).toBe("Licence SKUs (For every new hire)");
    expect(setupLabel(schemaOf("warranty-lifecycle-report"), "setup.replacementCosts.laptop")).toBe("laptop (Replacement cost per device class)");
    const costs = { replacementCosts: [{ name: " laptop ", value: -1 }, { name: "", value: 5 }] };
    expect(setupLabel(schemaOf("warranty-lifecycle-report"), "setup.replacementCosts.0.value", costs)).toBe("laptop (Replacement cost per device class)");
    expect(setupLabel(schemaOf("warranty-lifecycle-report"), "setup.replacementCosts.1.value", costs)).toBe("Value in row 2 (Replacement cost per device class)");
    expect(setupLabel(schemaOf("warranty-lifecycle-report"), "setup.replacementCosts.1.name", costs)).toBe("Name in row 2 (Replacement cost per device class)");
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
