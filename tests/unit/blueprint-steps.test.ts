// The blueprints' computing steps run through the real executors (code in isolated-vm,
// JSONata transform, summarize) on data fetched from the fake MSP stack, so the generated
// code and expressions are proven, not just well-formed.
import { afterAll, describe, expect, it } from "vitest";
import { blueprintBySlug } from "@/lib/blueprints";
import type { BlueprintStep } from "@/lib/blueprints/blueprint";
import { EXECUTORS } from "@/lib/steps/executors";
import { resolveReferences } from "@/lib/workflows/references";
import { FAKE_AUTH_HEADERS as AUTH } from "@/tests/fakes/msp-connections";
import { startMspStack } from "@/tests/fakes/msp-stack";
import { makeContext } from "@/tests/helpers/step-context";

const stack = await startMspStack();
afterAll(() => stack.close());

function built(slug: string, setup: Record<string, unknown> = {}) {
  const b = blueprintBySlug(slug)!;
  return b.build(b.setup.parse({ ...b.exampleSetup, ...setup }), {}).steps;
}

async function run(step: BlueprintStep, number: number, outputs: Record<number, unknown>, vars: Record<string, string> = {}) {
  const ctx = makeContext({ kind: step.kind, config: step.config, number, outputs, vars, resolve: (v) => resolveReferences(v, { outputs, vars }) });
  ctx.step = { ...step };
  const result = await EXECUTORS[step.kind](ctx);
  return { ...result, lines: ctx.lines };
}

/** An http step's output shape, with the fake's real answer as body. */
const httpOut = async (url: string) => {
  const res = await fetch(url, { headers: AUTH[stack.all.find((f) => url.startsWith(f.baseUrl))!.name] });
  return { status: res.status, headers: {}, body: await res.json() };
};

describe("new hire: code step", () => {
  it("derives the principal name, a strong password and the department's access", async () => {
    const steps = built("new-hire-provisioning");
    const hire = { firstName: "Ána", lastName: "Silva-Pérez", department: "clinical", managerEmail: "maria.lopez@contoso-dental.com" };
    const { output, lines } = await run(steps[1], 2, { 1: hire }, { CLIENT_DOMAIN: "contoso-dental.com" });
    const o = output as Record<string, unknown>;
    expect(o).toMatchObject({
      userPrincipalName: "ana.silvaperez@contoso-dental.com",
      mailNickname: "ana.silvaperez",
      displayName: "Ána Silva-Pérez",
      departmentMatched: true,
      licenses: ["O365_BUSINESS_PREMIUM"],
      groups: ["grp-all-staff", "grp-clinical"],
      vaultCollections: ["col-shared-clinic"],
    });
    const pw = String(o.temporaryPassword);
    expect(pw).toHaveLength(16);
    for (const re of [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9]/]) expect(pw).toMatch(re);
    expect(JSON.stringify(lines)).not.toContain(pw);
    const requests = (o.assignments as { requests: { id: string; url: string }[] }).requests;
    expect(requests.map((r) => [r.id, r.url])).toEqual([
      ["licenses", "/users/ana.silvaperez@contoso-dental.com/assignLicense"],
      ["group-1", "/groups/grp-all-staff/members/$ref"],
      ["group-2", "/groups/grp-clinical/members/$ref"],
    ]);
    // The batch is exactly what the directory accepts.
    const headers = { "content-type": "application/json", ...AUTH.directory };
    const created = await fetch(`${stack.directory.baseUrl}/v1.0/users`, {
      method: "POST",
      headers,
      body: JSON.stringify({ displayName: o.displayName, userPrincipalName: o.userPrincipalName, passwordProfile: { password: pw } }),
    });
    expect(created.status).toBe(201);
    const batch = await fetch(`${stack.directory.baseUrl}/v1.0/$batch`, { method: "POST", headers, body: JSON.stringify(o.assignments) });
    expect((await batch.json()).responses.map((r: { status: number }) => r.status)).toEqual([200, 204, 204]);
  });

  it.each([
    ["flast", "asilva"],
    ["first.l", "ana.s"],
    ["firstlast", "anasilva"],
  ])("format %s gives %s", async (upnFormat, local) => {
    const { output } = await run(built("new-hire-provisioning", { upnFormat })[1], 2, { 1: { firstName: "Ana", lastName: "Silva" } }, { CLIENT_DOMAIN: "x.com" });
    expect((output as { userPrincipalName: string }).userPrincipalName).toBe(`${local}@x.com`);
  });

  it("fails clearly without a name", async () => {
    await expect(run(built("new-hire-provisioning")[1], 2, { 1: { lastName: "Silva" } }, { CLIENT_DOMAIN: "x.com" })).rejects.toThrow(/firstName and lastName/);
  });
});

describe("licence reconciliation: transform and routing", () => {
  const vars = { CSP_TENANT_ID: "7d1f3c52-contoso", PSA_AGREEMENT_ID: "AGR-4471", CLIENT_NAME: "Contoso Dental" };
  const steps = built("license-reconciliation");
  const outputsFor = async () => ({
    1: { scheduledFor: "2026-12-01T02:00:00Z" },
    2: await httpOut(`${stack.licenseDistributor.baseUrl}/v1/tenants/${vars.CSP_TENANT_ID}/subscriptions?status=Active&sku=O365_BUSINESS_PREMIUM,SPE_E3`),
    3: await httpOut(`${stack.psa.baseUrl}/finance/agreements/AGR-4471/additions?sku=O365_BUSINESS_PREMIUM,SPE_E3`),
  });

  it("computes variance = active − billed with line items, and takes the under-billed branch", async () => {
    const outputs: Record<number, unknown> = await outputsFor();
    const { output } = await run(steps[3], 4, outputs, vars);
    expect(output).toMatchObject({ active: 24, billed: 22, variance: 2, mismatchedLines: 1, linesWithoutAddition: 0, updates: [{ id: "ADD-1", quantity: 20 }] });
    expect((output as { lineItemsText: string }).lineItemsText).toBe("- Microsoft 365 Business Premium (O365_BUSINESS_PREMIUM): active 20, billed 18, variance 2, addition ADD-1");
    outputs[4] = output;
    const routed = await run(steps[4], 5, outputs, vars);
    expect(routed.next).toBe("review_ticket");
  });

  it("records success when everything matches", async () => {
    stack.licenseDistributor.state.tenants.get(vars.CSP_TENANT_ID)![0].quantity = 18;
    try {
      const outputs: Record<number, unknown> = await outputsFor();
      outputs[4] = (await run(steps[3], 4, outputs, vars)).output;
      expect(outputs[4]).toMatchObject({ variance: 0, mismatchedLines: 0, updates: [] });
      expect((await run(steps[4], 5, outputs, vars)).next).toBe("record_success");
      const done = await run(steps[6], 7, outputs, vars);
      expect(done.output).toMatchObject({ result: "in balance", activeSeats: 22, billedSeats: 22 });
    } finally {
      stack.licenseDistributor.state.tenants.get(vars.CSP_TENANT_ID)![0].quantity = 20;
    }
  });
});

describe("warranty report: summarize", () => {
  it("groups by department with counts and budget impact, and builds the overview table", async () => {
    const steps = built("warranty-lifecycle-report");
    const outputs = { 1: {}, 2: await httpOut(`${stack.inventory.baseUrl}/api/v1/devices/lifecycle?expiringWithinDays=90&includeUnsupportedOs=true`) };
    const { output } = await run(steps[2], 3, outputs);
    const o = output as { groups: Record<string, unknown>[]; totals: Record<string, unknown>; table: string };
    const byDept = Object.fromEntries(o.groups.map((g) => [g.department, g]));
    expect(byDept.Clinical).toMatchObject({ devices: 3, warrantyEnding: 2, unsupportedOs: 1, budgetImpact: 1400 + 1400 + 1100 });
    expect(byDept["Front Desk"]).toMatchObject({ devices: 1, warrantyEnding: 1, unsupportedOs: 0, budgetImpact: 1100 });
    expect(byDept.IT).toMatchObject({ devices: 1, budgetImpact: 6500 });
    expect(byDept.Billing).toBeUndefined();
    expect(o.totals).toMatchObject({ devices: 5, warrantyEnding: 4, unsupportedOs: 1, budgetImpact: 11500 });
    expect(o.table.split("\n")[0]).toBe("| department | devices | earliestWarrantyEnd | warrantyEnding | unsupportedOs | budgetImpact |");
    expect(o.table).toContain("| **Total** | 5 |");
  });
});
