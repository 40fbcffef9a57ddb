// RETENTION_STEP_OUTPUT_DAYS clears a run's trigger payload with its step outputs, through the
// API with a real web server, worker and webhook delivery: the run view says when retention
// cleared them, Run again refuses in words (409 payload_cleared) instead of starting a run with
// no payload, a single-step test does not borrow the cleared outputs, and the deliveries log
// still lists the delivery with its size.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import type { RetentionSettings } from "@/lib/retention/prune-workflow-history";
import { runRetention } from "@/lib/retention/run-retention";
import { startTestServer } from "../helpers/api-server";
import { eventually } from "../helpers/services";

const { t, api } = startTestServer({ worker: true });

const settings: RetentionSettings = { runDays: 30, runsPerWorkflow: 10_000, stepOutputDays: 14, deliveryDays: 30, deliveriesPerWorkflow: 100_000, batchSize: 1_000 };
const payload = { alert: { id: "A-1", host: "srv-01", user: "ada@example.com" } };

async function deliveredRun(url: string, workflowId: string, body: unknown) {
  const before = new Set(((await api.get(`/api/v1/workflows/${workflowId}/runs`)).body.runs as { id: string }[]).map((r) => r.id));
  expect((await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).status).toBe(202);
  return eventually(
    async () => {
      const run = ((await api.get(`/api/v1/workflows/${workflowId}/runs`)).body.runs as { id: string; status: string }[]).find((r) => !before.has(r.id));
      return run && run.status === "succeeded" ? run.id : null;
    },
    30_000,
    "the delivered run to succeed",
  );
}

describe("retention of a delivered run's payload", () => {
  it("clears the trigger with the step outputs; the run view says so, Run again refuses in words", async () => {
    const created = await api.post(`/api/v1/workspaces/${t.providerA.id}/workflows`, {
      name: "Retention clears the payload",
      steps: [
        { kind: "webhook", config: {} },
        { kind: "transform", config: { fields: [{ name: "host", expression: "{{ 1.alert.host }}" }] } },
      ],
    });
    expect(created.status).toBe(201);
    const workflowId = created.body.id as string;
    const url = (await api.post(`/api/v1/workflows/${workflowId}/live`)).body.webhookUrl as string;
    const old = await deliveredRun(url, workflowId, payload);
    expect((await api.get(`/api/v1/runs/${old}`)).body).toMatchObject({ trigger: payload, outputsClearedAt: null });

    await db().$executeRaw`UPDATE "Run" SET "createdAt" = now() - interval '20 days' WHERE id = ${old}`;
    const before = Date.now();
    await runRetention({ settings });

    const view = (await api.get(`/api/v1/runs/${old}`)).body;
    expect(view.status).toBe("succeeded");
    expect(view.trigger).toBeNull();
    expect(view.steps.map((s: { output: unknown; logs: unknown }) => [s.output, s.logs])).toEqual([
      [null, []],
      [null, []],
    ]);
    expect(Date.parse(view.outputsClearedAt)).toBeGreaterThanOrEqual(before - 1_000);
    expect(JSON.stringify(view)).not.toContain("srv-01");

    const rerun = await api.post(`/api/v1/runs/${old}/rerun`);
    expect(rerun.status).toBe(409);
    expect(rerun.body).toMatchObject({ error: "payload_cleared" });
    expect(rerun.body.message).toMatch(
      new RegExp(`^this run's trigger payload was cleared by retention on ${new Date(before).toISOString().slice(0, 10)}, with its step outputs, so there is nothing to run it again with`),
    );
    // Nothing was started from it.
    expect((await api.get(`/api/v1/workflows/${workflowId}/runs`)).body.runs.map((r: { id: string }) => r.id)).toEqual([old]);

    // A single-step test finds no outputs to borrow rather than copying the cleared nulls.
    const stepTest = await api.post(`/api/v1/workflows/${workflowId}/steps/2/test`, {});
    expect(stepTest.status).toBe(409);
    expect(stepTest.body.error).toBe("no_earlier_outputs");

    // The deliveries log keeps the entry, its size and type (no payload there).
    const log = (await api.get(`/api/v1/workflows/${workflowId}/deliveries`)).body.deliveries;
    expect(log).toEqual([expect.objectContaining({ id: old, outcome: "accepted", size: JSON.stringify(payload).length, contentType: "application/json" })]);

    // A newer run keeps its payload and runs again as before.
    const recent = await deliveredRun(url, workflowId, payload);
    expect((await api.get(`/api/v1/runs/${recent}`)).body).toMatchObject({ trigger: payload, outputsClearedAt: null });
    await runRetention({ settings });
    expect((await api.get(`/api/v1/runs/${recent}`)).body).toMatchObject({ trigger: payload, outputsClearedAt: null });
    const again = await api.post(`/api/v1/runs/${recent}/rerun`);
    expect(again.status).toBe(201);
    expect(again.body.trigger).toEqual(payload);
  });
});
