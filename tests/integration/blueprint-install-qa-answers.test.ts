// What a QA pass found in blueprint installs, over the real server:
// - two or three installs at once into a workspace without the variable: the losers were a 500
//   (unique key of Variable); now each succeeds, the later ones reporting the key as `kept`;
// - a setup value stored as a variable ignored the variables API's 65,536-character limit;
// - installing again, or over a workflow of the same name, made a duplicate without a word: the
//   answer now counts the namesakes;
// - invalid_setup's issues carried `field` where every other 400's carry `path`; a
//   replacement-cost row named "__proto__" was dropped in silence, now refused at the row.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { Json } from "../helpers/api-fixtures";
import { startTestServer } from "../helpers/api-server";

const { t, api } = startTestServer();

const install = (ws: string, slug: string, body: unknown) => api.post(`/api/v1/workspaces/${ws}/blueprints/${slug}`, body);
let n = 0;
const freshClient = async () => (await db().workspace.create({ data: { name: `Fresh client ${++n}`, kind: "client", providerId: t.providerA.id } })).id;
const variable = (workspaceId: string, key: string) => db().variable.findUnique({ where: { workspaceId_key: { workspaceId, key } } });
const licenseSetup = { clientName: "Same Co", tenantId: "tenant-1", agreementId: "AGR-1", skus: ["SPE_E3"], onUnderBilling: "review_ticket" };

describe("blueprint installs at once into a workspace without the variable", () => {
  it("installs both of two blueprints that fill CLIENT_NAME; the later one reports it kept", async () => {
    for (let round = 0; round < 3; round++) {
      const ws = await freshClient();
      const res = await Promise.all(["edr-alert-triage", "warranty-lifecycle-report"].map((slug) => install(ws, slug, { setup: { clientName: "Same Co" } })));
      for (const r of res) expect(r.status, JSON.stringify(r.body)).toBe(201);
      const statuses = res.map((r) => (r.body.blueprint.variables as Json[]).find((v) => v.key === "CLIENT_NAME"));
      expect(statuses).toContainEqual({ key: "CLIENT_NAME", status: "created" });
      expect(statuses).toContainEqual({ key: "CLIENT_NAME", status: "kept", differs: false });
      expect((await variable(ws, "CLIENT_NAME"))?.value).toBe("Same Co");
      expect(await db().workflow.count({ where: { workspaceId: ws } })).toBe(2);
    }
  });

  it("installs all of three at once, each key created once and kept by the others", async () => {
    for (let round = 0; round < 3; round++) {
      const ws = await freshClient();
      const res = await Promise.all([0, 1, 2].map(() => install(ws, "license-reconciliation", { setup: licenseSetup })));
      for (const r of res) expect(r.status, JSON.stringify(r.body)).toBe(201);
      for (const key of ["CLIENT_NAME", "CSP_TENANT_ID", "PSA_AGREEMENT_ID"]) {
        const each = res.map((r) => (r.body.blueprint.variables as Json[]).find((v) => v.key === key)!.status);
        expect(each.sort(), key).toEqual(["created", "kept", "kept"]);
      }
    }
  });

  it("keeps the first value when two installs at once disagree, saying so to the other", async () => {
    const ws = await freshClient();
    const res = await Promise.all(["Alpha Co", "Beta Co"].map((clientName) => install(ws, "edr-alert-triage", { setup: { clientName } })));
    for (const r of res) expect(r.status, JSON.stringify(r.body)).toBe(201);
    const stored = (await variable(ws, "CLIENT_NAME"))?.value;
    const kept = res.map((r) => r.body.blueprint.variables[0]).find((v: Json) => v.status === "kept");
    expect(kept).toEqual({ key: "CLIENT_NAME", status: "kept", differs: true });
    expect(["Alpha Co", "Beta Co"]).toContain(stored);
  });

  it("installs blueprints that share keys in another order without a deadlock", async () => {
    const ws = await freshClient();
    const newHire = { domain: "contoso.com", clientName: "Same Co", documentationOrganizationId: "ORG-1" };
    const res = await Promise.all([install(ws, "license-reconciliation", { setup: licenseSetup }), install(ws, "new-hire-provisioning", { setup: newHire })]);
    for (const r of res) expect(r.status, JSON.stringify(r.body)).toBe(201);
  });
});

describe("a setup value stored as a variable", () => {
  it("is held to the variables API's 65,536 characters, refused at its field", async () => {
    const ws = await freshClient();
    const long = "x".repeat(65_537);
    const r = await install(ws, "edr-alert-triage", { setup: { clientName: long } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      error: "invalid_setup",
      field: "setup.clientName",
      message: "setup.clientName: must be at most 65,536 characters (it is stored as the workspace variable CLIENT_NAME)",
    });
    expect(r.body.issues).toEqual([{ path: "setup.clientName", field: "setup.clientName", message: expect.stringContaining("65,536") }]);
    expect(await variable(ws, "CLIENT_NAME")).toBeNull();
    expect(await db().workflow.count({ where: { workspaceId: ws } })).toBe(0);
    // The same words as the variables API's own 400.
    const put = await api.put(`/api/v1/workspaces/${ws}/variables/CLIENT_NAME`, { value: long });
    expect(put.status).toBe(400);
    expect(put.body.message).toContain("must be at most 65,536 characters");
    // At the limit (surrounding spaces are trimmed, as the value is stored) it installs.
    const ok = await install(ws, "edr-alert-triage", { setup: { clientName: ` ${"x".repeat(65_536)} ` } });
    expect(ok.status, JSON.stringify(ok.body).slice(0, 300)).toBe(201);
  });
});

describe("a workflow of the same name", () => {
  it("is counted in the answer: none at first, then the earlier install and one made by hand", async () => {
    const ws = await freshClient();
    const first = await install(ws, "edr-alert-triage", { setup: { clientName: "Co" } });
    expect(first.status).toBe(201);
    expect(first.body.blueprint.namesakes).toBe(0);
    const again = await install(ws, "edr-alert-triage", { setup: { clientName: "Co" } });
    expect(again.body.blueprint.namesakes).toBe(1);
    expect(await api.post(`/api/v1/workspaces/${ws}/workflows`, { name: "Mine", steps: [] })).toMatchObject({ status: 201 });
    const named = await install(ws, "edr-alert-triage", { setup: { clientName: "Co" }, name: "MINE" });
    expect(named.body).toMatchObject({ name: "MINE", blueprint: { namesakes: 1 } });
    // The route's other fields are as before, with the origin the workflow's GET gives beside them.
    expect(Object.keys(again.body.blueprint).sort()).toEqual(["changes", "connections", "latestVersion", "namesakes", "slug", "title", "variables", "version"]);
  });
});

describe("invalid_setup bodies", () => {
  it("name each issue's `path`, as every other 400 does (and `field`, as before)", async () => {
    const ws = await freshClient();
    const r = await install(ws, "edr-alert-triage", { setup: { clientName: "x", bogus: 1, criticalAction: "explode" } });
    expect(r.status).toBe(400);
    expect(r.body.issues).toHaveLength(2);
    expect(r.body.issues).toEqual(
      expect.arrayContaining([
        { path: "setup.criticalAction", field: "setup.criticalAction", message: expect.any(String) },
        { path: "setup.bogus", field: "setup.bogus", message: "is not a field of this blueprint's setup" },
      ]),
    );
    const other = await api.post(`/api/v1/workspaces/${ws}/workflows`, { nmae: "x" });
    expect(other.body.issues[0]).toHaveProperty("path", "nmae");
  });

  it("refuse a replacement-cost row named __proto__ at the row instead of dropping it", async () => {
    const ws = await freshClient();
    // Parsed, "__proto__" is the object's own key (as the server's JSON.parse makes it), so it is sent.
    const body: unknown = JSON.parse(`{"setup":{"clientName":"Co","replacementCosts":{"__proto__":5,"constructor":7,"laptop":1}}}`);
    const r = await install(ws, "warranty-lifecycle-report", body);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body).toMatchObject({ error: "invalid_setup", field: "setup.replacementCosts.__proto__", message: expect.stringMatching(/^setup\.replacementCosts\.__proto__: /) });
    expect(await db().workflow.count({ where: { workspaceId: ws } })).toBe(0);
    // constructor is a device class name like any other.
    const ok = await install(ws, "warranty-lifecycle-report", { setup: { clientName: "Co", replacementCosts: { constructor: 7, laptop: 1 } } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const budget = (ok.body.steps as { config: { computed?: { name: string; expression: string }[] } }[])[2].config.computed!.find((c) => c.name === "budgetImpact")!;
    expect(budget.expression).toContain('$costs := {"constructor":7,"laptop":1}');
  });
});
