// Blueprints 3 (licence reconciliation) and 6 (warranty report): Scheduler-triggered, run by
// a real schedule firing (the scheduler-fire job pg-boss sends at the cron time) and by Run now.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { FAKE_AUTH_HEADERS as AUTH } from "@/tests/fakes/msp-connections";
import { all, calls, fireSchedule, goLive, install, resetRequests, runNow, stepOutput, stepStatuses, blueprintEnvForFile } from "./blueprint-fixtures";

const env = blueprintEnvForFile();
const setup = { clientName: "Contoso Dental", tenantId: "7d1f3c52-contoso", agreementId: "AGR-4471", skus: ["O365_BUSINESS_PREMIUM", "SPE_E3"] };
const SKU_QUERY = { sku: "O365_BUSINESS_PREMIUM,SPE_E3" };
const premium = () => env.stack.licenseDistributor.state.tenants.get(setup.tenantId)![0];

describe("blueprint 3: licence reconciliation", () => {
  it("is scheduled for the 1st at 02:00 UTC once Live", async () => {
    const wf = await install(env, "license-reconciliation", { ...setup, onUnderBilling: "review_ticket" });
    expect(wf.steps[0].config).toMatchObject({ cron: "0 2 1 * *", timezone: "UTC" });
    await goLive(env, wf.id);
    // Live: the worker's per-minute check runs it from now on (no per-workflow pg-boss schedule).
    const rows = await db().$queryRawUnsafe<{ mode: string; since: boolean }[]>(`SELECT mode::text AS mode, "scheduledThrough" IS NOT NULL AS since FROM "Workflow" WHERE id = $1`, wf.id);
    expect(rows).toEqual([{ mode: "live", since: true }]);
  });

  it("variance > 0, review mode: a billing-variance ticket with line items", async () => {
    const wf = (await env.api.get(`/api/v1/workspaces/${env.workspaceId}/workflows`)).body.workflows.find((w: { name: string }) => w.name === "Licence reconciliation");
    resetRequests(env.stack);
    const run = await fireSchedule(env, wf.id);
    expect(run.status, JSON.stringify(run.steps.map((s: { error: string }) => s.error))).toBe("succeeded");
    expect(stepStatuses(run)).toEqual(["1:succeeded", "2:succeeded", "3:succeeded", "4:succeeded", "5:succeeded", "6:succeeded", "7:skipped"]);
    expect(stepOutput(run, 4)).toMatchObject({ active: 24, billed: 22, variance: 2 });
    expect(calls(env.stack)).toEqual(["license-distributor GET /v1/tenants/7d1f3c52-contoso/subscriptions", "psa GET /finance/agreements/AGR-4471/additions", "psa POST /service/tickets"]);
    const [subs, additions, ticket] = all(env.stack);
    expect(subs.query).toEqual({ status: "Active", ...SKU_QUERY });
    expect(subs.headers.authorization).toBe(AUTH["license-distributor"].authorization);
    expect(additions.query).toEqual(SKU_QUERY);
    expect(ticket.body).toEqual({
      summary: "Billing variance: Contoso Dental — seats active 24, billed 22, variance 2",
      board: "Billing",
      priority: "Priority 3 - Normal",
      company: "Contoso Dental",
      type: "Billing review",
      initialDescription:
        "Monthly licence reconciliation for tenant 7d1f3c52-contoso against agreement AGR-4471.\nActive seats: 24; billed seats: 22; variance: 2.\nLine items:\n- Microsoft 365 Business Standard (O365_BUSINESS_PREMIUM): active 20, billed 18, variance 2, addition ADD-1",
    });
    expect(env.stack.psa.state.agreements.get("AGR-4471")!.additions[0].quantity).toBe(18);
  });

  it("variance > 0, update mode: the agreement addition is raised to the active count", async () => {
    const wf = await install(env, "license-reconciliation", { ...setup, onUnderBilling: "update_agreement" }, "Licence reconciliation (update)");
    await goLive(env, wf.id);
    resetRequests(env.stack);
    const run = await fireSchedule(env, wf.id);
    expect(run.status).toBe("succeeded");
    expect(stepStatuses(run)).toEqual(["1:succeeded", "2:succeeded", "3:succeeded", "4:succeeded", "5:succeeded", "6:succeeded", "7:skipped", "8:skipped"]);
    expect(calls(env.stack)).toEqual(["license-distributor GET /v1/tenants/7d1f3c52-contoso/subscriptions", "psa GET /finance/agreements/AGR-4471/additions", "psa PATCH /finance/agreements/AGR-4471/additions"]);
    expect(all(env.stack)[2].body).toEqual({ additions: [{ id: "ADD-1", quantity: 20 }] });
    expect(env.stack.psa.state.agreements.get("AGR-4471")!.additions.map((a) => a.quantity)).toEqual([20, 4]);
  });

  it("variance 0: the successful check is recorded in run history, nothing is written", async () => {
    // After the update above, active and billed agree.
    const wf = (await env.api.get(`/api/v1/workspaces/${env.workspaceId}/workflows`)).body.workflows.find((w: { name: string }) => w.name === "Licence reconciliation (update)");
    resetRequests(env.stack);
    const run = await fireSchedule(env, wf.id);
    expect(run.status).toBe("succeeded");
    expect(stepStatuses(run)).toEqual(["1:succeeded", "2:succeeded", "3:succeeded", "4:succeeded", "5:succeeded", "6:skipped", "7:skipped", "8:succeeded"]);
    expect(stepOutput(run, 5)).toMatchObject({ branch: "in_balance" });
    expect(stepOutput(run, 8)).toMatchObject({ result: "in balance", activeSeats: 24, billedSeats: 24, checkedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(calls(env.stack)).toEqual(["license-distributor GET /v1/tenants/7d1f3c52-contoso/subscriptions", "psa GET /finance/agreements/AGR-4471/additions"]);
    const history = await env.api.get(`/api/v1/workflows/${wf.id}/runs`);
    expect(history.body.runs.map((r: { status: string }) => r.status)).toEqual(["succeeded", "succeeded"]);
  });

  it("fewer active than billed: never reduces billing, opens a review ticket instead (update mode)", async () => {
    const wf = (await env.api.get(`/api/v1/workspaces/${env.workspaceId}/workflows`)).body.workflows.find((w: { name: string }) => w.name === "Licence reconciliation (update)");
    premium().quantity = 17;
    resetRequests(env.stack);
    const run = await fireSchedule(env, wf.id);
    expect(stepStatuses(run)).toEqual(["1:succeeded", "2:succeeded", "3:succeeded", "4:succeeded", "5:succeeded", "6:skipped", "7:succeeded", "8:skipped"]);
    expect(calls(env.stack).at(-1)).toBe("psa POST /service/tickets");
    expect((all(env.stack).at(-1)!.body as { summary: string }).summary).toContain("variance -3");
    expect(env.stack.psa.state.agreements.get("AGR-4471")!.additions[0].quantity).toBe(20);
  });
});

describe("blueprint 6: warranty and lifecycle report", () => {
  it("Run now: devices expiring within 90 days or on unsupported OS, by department with budget impact, posted to chat", async () => {
    const wf = await install(env, "warranty-lifecycle-report", { clientName: "Contoso Dental" });
    expect(wf.steps[0].config).toMatchObject({ cron: "0 8 15 * *", timezone: "UTC" });
    resetRequests(env.stack);
    const run = await runNow(env, wf.id);
    expect(run.status, JSON.stringify(run.steps.map((s: { error: string }) => s.error))).toBe("succeeded");
    expect(stepStatuses(run)).toEqual(["1:succeeded", "2:succeeded", "3:succeeded", "4:succeeded"]);
    expect(calls(env.stack)).toEqual(["inventory GET /api/v1/devices/lifecycle", "chat POST /hooks/it-lifecycle"]);
    const [inventory, card] = all(env.stack);
    expect(inventory.query).toEqual({ expiringWithinDays: "90", includeUnsupportedOs: "true" });
    expect(inventory.headers["x-api-key"]).toBe(AUTH.inventory["x-api-key"]);

    const summary = stepOutput(run, 3);
    const byDept = Object.fromEntries(summary.groups.map((g: { department: string }) => [g.department, g]));
    expect(byDept.Clinical).toMatchObject({ devices: 3, warrantyEnding: 2, unsupportedOs: 1, budgetImpact: 3900 });
    expect(byDept["Front Desk"]).toMatchObject({ devices: 1, budgetImpact: 1100 });
    expect(byDept.IT).toMatchObject({ devices: 1, budgetImpact: 6500 });
    expect(summary.totals).toMatchObject({ devices: 5, warrantyEnding: 4, unsupportedOs: 1, budgetImpact: 11500 });

    const body = card.body as { text: string; card: { title: string; facts: { name: string; value: unknown }[]; table: string } };
    expect(body.text).toBe("Hardware lifecycle report for Contoso Dental — devices needing attention: 5 (warranty ending within 90 days or unsupported OS); estimated replacement budget 11500.");
    expect(body.card.title).toBe("Hardware lifecycle — Contoso Dental");
    expect(body.card.facts).toContainEqual({ name: "Estimated budget impact", value: 11500 });
    expect(body.card.table).toBe(summary.table);
    expect(body.card.table).toContain("| Clinical | 3 |");
    expect(body.card.table).toContain("| **Total** | 5 |");
  });
});
