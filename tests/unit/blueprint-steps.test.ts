// The blueprints' computing steps run through the real executors (code in isolated-vm,
// JSONata transform, summarize) on data fetched from the fake MSP stack, so the generated
// code and expressions are proven, not just well-formed.
import { afterAll, describe, expect, it } from "vitest";
import { blueprintBySlug } from "@/lib/blueprints";
import type { BlueprintStep } from "@/lib/blueprints/blueprint";
import { EXECUTORS } from "@/lib/steps/executors";
import { resolveReferences } from "@/lib/workflows/references";
import { FAKE_AUTH_HEADERS as AUTH } from "@/tests/fakes/msp-connections";
import { DEMO_GROUPS, DEMO_SKUS } from "@/tests/fakes/demo-data";
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

const G = DEMO_GROUPS;
/** Calls the directory fake as an HTTP step would and returns the step's output shape. */
async function graph(path: string, body?: unknown) {
  const res = await fetch(`${stack.directory.baseUrl}/v1.0${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", ...AUTH.directory },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, headers: {}, body: res.status === 204 ? null : await res.json() };
}

/** Steps 2 to 5 of the new hire against the fake directory; step 5's output. */
async function newHireAccess(hire: Record<string, unknown>, setup: Record<string, unknown> = {}) {
  const steps = built("new-hire-provisioning", setup);
  const outputs: Record<number, unknown> = { 1: hire };
  outputs[2] = (await run(steps[1], 2, outputs, { CLIENT_DOMAIN: "contoso-dental.com" })).output;
  const o = outputs[2] as Record<string, string>;
  outputs[3] = await graph("/users", { accountEnabled: true, displayName: o.displayName, mailNickname: o.mailNickname, userPrincipalName: o.userPrincipalName, usageLocation: "US", passwordProfile: { password: o.temporaryPassword } });
  outputs[4] = await graph("/$batch", (outputs[2] as { lookups: unknown }).lookups);
  return { steps, outputs, access: run(steps[4], 5, outputs) };
}

describe("new hire: code steps", () => {
  it("derives the principal name, a strong password, the department's access and the lookups", async () => {
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
      groups: [G.allStaff, G.clinical],
      vaultCollections: ["col-shared-clinic"],
    });
    const pw = String(o.temporaryPassword);
    expect(pw).toHaveLength(16);
    for (const re of [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9]/]) expect(pw).toMatch(re);
    expect(JSON.stringify(lines)).not.toContain(pw);
    expect((o.lookups as { requests: { id: string; method: string; url: string }[] }).requests.map((r) => [r.id, r.method, r.url])).toEqual([
      ["skus", "GET", "/subscribedSkus?$select=skuId,skuPartNumber"],
      ["groups", "POST", "/directoryObjects/getByIds"],
    ]);
  });

  it("assigns licences by skuId and groups by the new user's object id, in a $batch the directory accepts", async () => {
    const { steps, outputs, access } = await newHireAccess({ firstName: "Lena", lastName: "Hart", department: "Billing" });
    const created = (outputs[3] as { status: number; body: { id: string } });
    expect(created.status).toBe(201);
    const a = (await access).output as Record<string, unknown>;
    const id = created.body.id;
    const requests = (a.assignments as { requests: { id: string; url: string; body: unknown }[] }).requests;
    expect(requests.map((r) => [r.id, r.url, r.body])).toEqual([
      ["licenses", `/users/${id}/assignLicense`, { addLicenses: [{ skuId: DEMO_SKUS.O365_BUSINESS_PREMIUM, disabledPlans: [] }, { skuId: DEMO_SKUS.VISIOCLIENT, disabledPlans: [] }], removeLicenses: [] }],
      ["group-1", `/groups/${G.allStaff}/members/$ref`, { "@odata.id": `https://graph.microsoft.com/v1.0/directoryObjects/${id}` }],
      ["group-2", `/groups/${G.billing}/members/$ref`, { "@odata.id": `https://graph.microsoft.com/v1.0/directoryObjects/${id}` }],
    ]);
    // Readable lists for the ticket and the chat, by name — no JSON, no GUIDs.
    expect(a).toMatchObject({
      licensesText: "O365_BUSINESS_PREMIUM, VISIOCLIENT",
      groupsText: "All Staff, Billing",
      licensesList: "- O365_BUSINESS_PREMIUM\n- VISIOCLIENT",
      groupsList: "- All Staff\n- Billing",
    });
    const batch = await graph("/$batch", a.assignments);
    expect(batch.body.responses.map((r: { status: number }) => r.status)).toEqual([200, 204, 204]);
    // Step 7 reads each answer inside the $batch: all accepted, nothing left to send again.
    const checked = await run(steps[6], 7, { ...outputs, 5: a, 6: batch });
    expect(checked.output).toMatchObject({ assigned: ["licences O365_BUSINESS_PREMIUM, VISIOCLIENT", "group All Staff", "group Billing"], left: [], waitSeconds: 0 });
    const user = stack.directory.findUser("lena.hart@contoso-dental.com")!;
    expect(user.licenses).toEqual([DEMO_SKUS.O365_BUSINESS_PREMIUM, DEMO_SKUS.VISIOCLIENT]);
    expect(stack.directory.state.groups.get(G.billing)!.members.has(user.id)).toBe(true);
  });

  it("fails the check after the $batch when Graph refused a request inside it, though the $batch answered 200", async () => {
    const { steps, outputs, access } = await newHireAccess({ firstName: "Rosa", lastName: "Kim", department: "Billing" });
    const a = (await access).output as { assignments: unknown };
    const undo = [
      stack.directory.refuse({ method: "POST", path: `/groups/${G.billing}/members/$ref`, status: 400, code: "Request_BadRequest", message: "Cannot Update a mail-enabled security groups and or distribution list." }),
      stack.directory.refuse({ method: "POST", path: /\/assignLicense$/, status: 429, code: "TooManyRequests", message: "Too many requests.", headers: { "Retry-After": "12" } }),
    ];
    try {
      const batch = await graph("/$batch", a.assignments);
      expect(batch.status).toBe(200);
      await expect(run(steps[6], 7, { ...outputs, 5: a, 6: batch })).rejects.toThrow(
        "2 of 3 assignments for rosa.kim@contoso-dental.com failed in the directory, so the account is not ready: " +
          "licences O365_BUSINESS_PREMIUM, VISIOCLIENT: 429 TooManyRequests — Too many requests (throttled; Graph asks to wait 12 s); " +
          "group Billing: 400 Request_BadRequest — Cannot Update a mail-enabled security groups and or distribution list. Done: group All Staff. " +
          "Not sent again (the others took effect): after the wait, assign what failed by hand",
      );
    } finally {
      undo.forEach((u) => u());
    }
  });

  // The checks' own readings, without waiting for a run: a Retry-After given as a date, and a
  // group member sent again after a 503 that had taken effect after all.
  it("reads a Retry-After date as the wait, and counts a member sent again that 'already exist[s]' as added", async () => {
    const steps = built("new-hire-provisioning");
    const requests = [
      { id: "licenses", method: "POST", url: "/users/u-1/assignLicense", body: {} },
      { id: "group-1", method: "POST", url: `/groups/${G.allStaff}/members/$ref`, body: {} },
    ];
    const outputs: Record<number, unknown> = {
      2: { userPrincipalName: "ida.roe@contoso-dental.com" },
      5: { userId: "u-1", assignments: { requests }, assignmentLabels: { licenses: "licence SPE_E3", "group-1": "group All Staff" } },
      6: {
        status: 200,
        body: {
          responses: [
            { id: "licenses", status: 200, body: {} },
            { id: "group-1", status: 503, headers: { "Retry-After": new Date(Date.now() + 12_000).toUTCString() }, body: { error: { code: "ServiceUnavailable", message: "Service busy." } } },
          ],
        },
      },
    };
    outputs[7] = (await run(steps[6], 7, outputs)).output;
    expect(outputs[7]).toMatchObject({ assigned: ["licence SPE_E3"], left: ["group All Staff"], resend: { requests: [requests[1]] } });
    expect((outputs[7] as { waitSeconds: number }).waitSeconds).toBeGreaterThanOrEqual(10);
    expect((outputs[7] as { waitSeconds: number }).waitSeconds).toBeLessThanOrEqual(12);
    const exists = "One or more added object references already exist for the following modified properties: 'members'.";
    outputs[9] = { status: 200, body: { responses: [{ id: "group-1", status: 400, body: { error: { code: "Request_BadRequest", message: exists } } }] } };
    outputs[10] = (await run(steps[9], 10, outputs)).output;
    expect(outputs[10]).toMatchObject({ assigned: ["licence SPE_E3", "group All Staff"], left: [], waitSeconds: 0 });
    // Round 2 had nothing to send (it read the user back): the last check passes over its answer.
    expect((outputs[10] as { resend: unknown }).resend).toEqual({ requests: [{ id: "read-back", method: "GET", url: "/users/u-1?$select=id" }] });
    expect((await run(steps[12], 13, { ...outputs, 12: { status: 200, body: { responses: [] } } })).output).toEqual({ assigned: ["licence SPE_E3", "group All Staff"] });
  });

  it("takes a skuId GUID as well as a part number", async () => {
    const { access } = await newHireAccess({ firstName: "Omar", lastName: "Haddad", department: "Front Desk" }, { everyone: { licenses: [DEMO_SKUS.SPE_E3.toUpperCase()], groups: [], vaultCollections: [] } });
    expect((await access).output).toMatchObject({ licensesText: "SPE_E3", groupsText: "Front Desk" });
  });

  it("fails naming a part number the tenant has not subscribed and a group the directory lacks", async () => {
    const bad = await newHireAccess({ firstName: "Ivy", lastName: "Chen", department: "Clinical" }, { everyone: { licenses: ["SPB"], groups: [], vaultCollections: [] } });
    await expect(bad.access).rejects.toThrow(/licence SPB is not subscribed in this tenant \(subscribed: O365_BUSINESS_PREMIUM, SPE_E3, VISIOCLIENT\)/);
    const gone = "11111111-2222-4333-8444-555555555555";
    const lost = await newHireAccess({ firstName: "Noah", lastName: "Berg", department: "Clinical" }, { everyone: { licenses: [], groups: [gone], vaultCollections: [] } });
    await expect(lost.access).rejects.toThrow(`group ${gone} is not in the directory`);
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

describe("leaver: licences to reclaim", () => {
  it("removes only the configured licences the leaver holds, by skuId, and names the rest", async () => {
    const steps = built("leaver-deprovisioning", { paidLicenses: ["VISIOCLIENT", DEMO_SKUS.O365_BUSINESS_PREMIUM] });
    const upn = "dan.brooks@contoso-dental.com";
    const outputs = { 1: { userPrincipalName: upn }, 2: await graph(`/users/${upn}`), 3: await graph("/subscribedSkus") };
    const { output } = await run(steps[3], 4, outputs);
    expect(output).toEqual({ userId: stack.directory.findUser(upn)!.id, removeLicenses: [DEMO_SKUS.O365_BUSINESS_PREMIUM], reclaimedText: "O365_BUSINESS_PREMIUM", keptText: "none" });
    const maria = "maria.lopez@contoso-dental.com";
    const none = await run(steps[3], 4, { 1: { userPrincipalName: maria }, 2: await graph(`/users/${maria}`), 3: outputs[3] });
    expect(none.output).toMatchObject({ removeLicenses: [], reclaimedText: "none", keptText: "SPE_E3" });
    // Nothing to remove is still a body the directory accepts.
    expect((await graph(`/users/${maria}/assignLicense`, { addLicenses: [], removeLicenses: [] })).status).toBe(200);
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
    expect((output as { lineItemsText: string }).lineItemsText).toBe("- Microsoft 365 Business Standard (O365_BUSINESS_PREMIUM): active 20, billed 18, variance 2, addition ADD-1");
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
