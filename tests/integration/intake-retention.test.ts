// The intake keeps a busy workflow's deliveries log bounded between retention-job passes.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startTestServer } from "@/tests/helpers/api-server";
import { eventually } from "@/tests/helpers/services";
import { createHook, deliveriesOf, send } from "@/tests/integration/intake-fixtures";

describe("deliveries log retention at the intake", () => {
  const { web } = startTestServer({ tenancy: "none", env: { DELIVERY_RETENTION_DAYS: "7", DELIVERY_RETENTION_MAX: "100" } });

  it("trims requests without a run past the retention days and beyond the newest DELIVERY_RETENTION_MAX after a delivery", async () => {
    const h = await createHook();
    const old = new Date(Date.now() - 8 * 86_400_000);
    const recent = new Date(Date.now() - 3_600_000);
    const row = (receivedAt: Date) => ({ workflowId: h.workflowId, endpointId: h.endpointId, outcome: "invalid_signature" as const, size: 1, receivedAt });
    await db().delivery.createMany({ data: [...Array.from({ length: 30 }, () => row(old)), ...Array.from({ length: 150 }, (_, i) => row(new Date(recent.getTime() + i)))] });
    expect((await send(`${web.baseUrl}/hooks/${h.token}`, { body: "{}" })).status).toBe(202);
    await eventually(async () => (await db().delivery.count({ where: { workflowId: h.workflowId } })) <= 100, 15_000, "pruned log");
    expect(await db().delivery.count({ where: { workflowId: h.workflowId, receivedAt: { lt: new Date(Date.now() - 7 * 86_400_000) } } })).toBe(0);
    // The delivery just made is the log's newest entry, recorded on its run.
    const log = await deliveriesOf(h.workflowId);
    expect(log.at(-1)).toMatchObject({ outcome: "accepted", runId: expect.any(String) });
    expect(log).toHaveLength(101);
  });

  it("keeps exactly DELIVERY_RETENTION_MAX when the rows share one timestamp, as a group-commit batch's do", async () => {
    const h = await createHook();
    const batch = new Date(Date.now() - 3_600_000);
    const row = { workflowId: h.workflowId, endpointId: h.endpointId, outcome: "invalid_signature" as const, size: 1, receivedAt: batch };
    await db().delivery.createMany({ data: Array.from({ length: 300 }, () => row) });
    const newest = (await db().delivery.findMany({ where: { workflowId: h.workflowId }, orderBy: [{ receivedAt: "desc" }, { id: "desc" }], take: 100 })).map((d) => d.id);
    expect((await send(`${web.baseUrl}/hooks/${h.token}`, { body: "{}" })).status).toBe(202);
    // Cutting at the 100th row's timestamp alone kept all 300.
    await eventually(async () => (await db().delivery.count({ where: { workflowId: h.workflowId } })) === 100, 15_000, "pruned log");
    const left = await db().delivery.findMany({ where: { workflowId: h.workflowId }, orderBy: [{ receivedAt: "desc" }, { id: "desc" }] });
    expect(left.map((d) => d.id)).toEqual(newest);
  });
});
