// Installing a blueprint refuses fields it does not know, as the workflows API does: a misspelt
// setup field used to be dropped in silence (201, its default installed instead). 400
// invalid_setup names the unknown field, nested ones included; unknown top-level fields are a 400.
// A department listed twice (names match without regard to case) is refused the same way: the
// second entry's access would never be applied. So is a device class listed twice in the
// replacement-cost table once its names are trimmed: one of the two costs used to vanish.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startTestServer } from "../helpers/api-server";

const { t, api } = startTestServer();

const install = (slug: string, body: unknown) => api.post(`/api/v1/workspaces/${t.clientA1.id}/blueprints/${slug}`, body);
const workflows = () => db().workflow.count({ where: { workspaceId: t.clientA1.id } });

describe("POST /workspaces/{ws}/blueprints/{slug} with unknown fields", () => {
  it("names an unknown setup field and installs nothing", async () => {
    const before = await workflows();
    const r = await install("edr-alert-triage", { setup: { clientName: "x", bogus: 1 } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "invalid_setup", field: "setup.bogus", message: "setup.bogus: is not a field of this blueprint's setup" });
    // A typo of a real field is named too, instead of its default being installed.
    const typo = await install("edr-alert-triage", { setup: { clientName: "x", criticalActon: "notify_only" } });
    expect(typo.body).toMatchObject({ error: "invalid_setup", field: "setup.criticalActon" });
    expect(await workflows()).toBe(before);
    expect((await install("edr-alert-triage", { setup: { clientName: "x" } })).status).toBe(201);
  });

  it("names an unknown field inside a list item", async () => {
    const list = (await api.get("/api/v1/blueprints")).body.blueprints as { slug: string; exampleSetup: { departments: Record<string, unknown>[] } }[];
    const example = structuredClone(list.find((b) => b.slug === "new-hire-provisioning")!.exampleSetup);
    example.departments[0] = { ...example.departments[0], colour: "blue" };
    const r = await install("new-hire-provisioning", { setup: example });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "invalid_setup", field: "setup.departments.0.colour" });
  });

  it("names a department listed twice in another case, and installs nothing", async () => {
    const before = await workflows();
    const setup = { domain: "contoso.com", clientName: "Contoso", documentationOrganizationId: "ORG-1", departments: [{ name: "A", licenses: ["SPE_E3"] }, { name: " a ", groups: ["grp-a"] }] };
    const r = await install("new-hire-provisioning", { setup });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      error: "invalid_setup",
      field: "setup.departments.1.name",
      message: 'setup.departments.1.name: is already listed as department 1 ("A"; names match without regard to case): add its licences, groups and vault collections there',
    });
    expect(await workflows()).toBe(before);
    const distinct = await install("new-hire-provisioning", { setup: { ...setup, departments: [setup.departments[0], { name: "B" }] } });
    expect(distinct.status, JSON.stringify(distinct.body)).toBe(201);
  });

  it("names a device class listed twice once names are trimmed, and installs nothing", async () => {
    const before = await workflows();
    const r = await install("warranty-lifecycle-report", { setup: { clientName: "Contoso", replacementCosts: { "laptop ": 1500, laptop: 1400 } } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      error: "invalid_setup",
      field: "setup.replacementCosts.laptop",
      message: 'setup.replacementCosts.laptop: is already listed as "laptop " (names match without surrounding spaces): list each device class once',
    });
    const blank = await install("warranty-lifecycle-report", { setup: { clientName: "Contoso", replacementCosts: { "  ": 900 } } });
    expect(blank.body).toMatchObject({ error: "invalid_setup", field: "setup.replacementCosts", message: "setup.replacementCosts: needs a name in every row" });
    expect(await workflows()).toBe(before);
    // Names that differ are installed, trimmed as the budget looks device classes up.
    const ok = await install("warranty-lifecycle-report", { setup: { clientName: "Contoso", replacementCosts: { " laptop ": 1500, desktop: 1100 } } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const budget = (ok.body.steps as { config: { computed?: { name: string; expression: string }[] } }[])[2].config.computed!.find((c) => c.name === "budgetImpact")!;
    expect(budget.expression).toContain('$costs := {"laptop":1500,"desktop":1100}');
  });

  it("refuses an unknown top-level field", async () => {
    const r = await install("edr-alert-triage", { setup: { clientName: "x" }, conections: {} });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain("conections");
  });
});
