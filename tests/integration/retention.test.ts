// Retention: old finished runs, step outputs (with the run's trigger payload) and deliveries-log
// rows are pruned by age and by count per workflow, in batches; unfinished runs and recent rows stay; the worker registers a
// single schedule however many workers start, and its job runs a pass. OAuth sign-ins that can no
// longer be completed (past their 10 minutes) go too.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { QUEUES } from "@/lib/jobs/queues";
import type { RetentionSettings } from "@/lib/retention/prune-workflow-history";
import { runRetention } from "@/lib/retention/run-retention";
import { readDeliveryLog } from "@/lib/workflows/list-deliveries";
import { eventually, startWorker, type Service } from "../helpers/services";
import { createWorkflow, stopTestBoss, testBoss } from "./run-engine-fixtures";

const DAY = 86_400_000;
const ago = (days: number, ms = 0) => new Date(Date.now() - days * DAY - ms);
const steps = [{ kind: "webhook" as const, config: {} }];

async function addRun(wf: { workflowId: string; workspaceId: string }, status: string, createdAt: Date, output: unknown = { ok: 1 }) {
  const run = await db().run.create({
    data: { workflowId: wf.workflowId, workspaceId: wf.workspaceId, status: status as never, createdAt, finishedAt: createdAt, trigger: output as never },
  });
  await db().runStep.create({ data: { runId: run.id, stepId: "s1", number: 1, kind: "webhook", status: "succeeded", output: output as never, logs: ["hello"] } });
  return run.id;
}

async function addDelivery(wf: { workflowId: string }, endpointId: string, receivedAt: Date) {
  return (await db().delivery.create({ data: { workflowId: wf.workflowId, endpointId, outcome: "invalid_signature", size: 2, receivedAt } })).id;
}

/** Marks a run as made by an accepted delivery to `endpointId`, as the intake records it. */
const deliveredBy = (runId: string, endpointId: string) =>
  db().run.update({ where: { id: runId }, data: { deliveryEndpointId: endpointId, deliverySize: 2, deliveryContentType: "application/json" } });

const settings: RetentionSettings = {
  runDays: 30,
  runsPerWorkflow: 10,
  stepOutputDays: 14,
  deliveryDays: 14,
  deliveriesPerWorkflow: 1000,
  batchSize: 3, // small, so every kind of prune takes several batches
};

const workers: Service[] = [];
afterAll(async () => {
  await stopTestBoss();
  await Promise.all(workers.map((w) => w.stop()));
});

describe("retention", () => {
  it("prunes by age and count, keeps recent and unfinished runs", async () => {
    const a = await createWorkflow(steps);
    const oldFinished = await Promise.all(["succeeded", "failed", "stopped", "succeeded", "failed"].map((s, i) => addRun(a, s, ago(40, i))));
    const oldUnfinished = await Promise.all(["queued", "running", "waiting"].map((s) => addRun(a, s, ago(40))));
    const midAge = await addRun(a, "succeeded", ago(20)); // kept, outputs cleared
    const midRunning = await addRun(a, "running", ago(20)); // kept with outputs
    const recent = await addRun(a, "succeeded", ago(1)); // kept with outputs

    // Count cap on another workflow: 15 recent finished runs, the oldest 5 go; an older
    // waiting run is beyond the cap but unfinished, so it stays.
    const b = await createWorkflow(steps);
    const waitingOld = await addRun(b, "waiting", ago(2, 1));
    const capped: string[] = [];
    for (let i = 0; i < 15; i++) capped.push(await addRun(b, "succeeded", ago(1, (15 - i) * 1000)));

    const endpoint = await db().webhookEndpoint.create({ data: { workflowId: a.workflowId, stepId: "s1", token: `t-${a.workflowId}` } });
    const oldDeliveries = await Promise.all([0, 1, 2, 3].map((i) => addDelivery(a, endpoint.id, ago(15, i))));
    const newDelivery = await addDelivery(a, endpoint.id, ago(0));
    await deliveredBy(oldFinished[0], endpoint.id);
    await deliveredBy(recent, endpoint.id);

    const counts = await runRetention({ settings });
    expect(counts.runs).toBe(oldFinished.length + 5);
    expect(counts.deliveries).toBe(oldDeliveries.length);

    const left = async (ids: string[]) => (await db().run.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((r) => r.id).sort();
    expect(await left(oldFinished)).toEqual([]);
    expect(await db().runStep.count({ where: { runId: { in: oldFinished } } })).toBe(0);
    expect(await left(oldUnfinished)).toEqual([...oldUnfinished].sort());
    expect(await left([midAge, midRunning, recent])).toEqual([midAge, midRunning, recent].sort());
    expect(await left(capped)).toEqual(capped.slice(5).sort());
    expect(await left([waitingOld])).toEqual([waitingOld]);

    const step = (runId: string) => db().runStep.findFirstOrThrow({ where: { runId }, select: { output: true, logs: true } });
    expect(await step(midAge)).toEqual({ output: null, logs: [] });
    expect(await step(midRunning)).toEqual({ output: { ok: 1 }, logs: ["hello"] });
    expect(await step(recent)).toEqual({ output: { ok: 1 }, logs: ["hello"] });
    // The trigger is step 1's output, the posted payload: cleared with it, and the run says when.
    const payload = (runId: string) => db().run.findUniqueOrThrow({ where: { id: runId }, select: { trigger: true, outputsClearedAt: true } });
    const cleared = await payload(midAge);
    expect(cleared.trigger).toBeNull();
    expect(Date.now() - cleared.outputsClearedAt!.getTime()).toBeLessThan(60_000);
    expect(await payload(midRunning)).toEqual({ trigger: { ok: 1 }, outputsClearedAt: null });
    expect(await payload(recent)).toEqual({ trigger: { ok: 1 }, outputsClearedAt: null });
    expect(counts.payloads).toBe(1);

    expect((await db().delivery.findMany({ where: { workflowId: a.workflowId }, select: { id: true } })).map((d) => d.id)).toEqual([newDelivery]);
    // An accepted delivery's log entry is its run: it went with the pruned run, and stays with the kept one.
    expect((await readDeliveryLog(a.workflowId, 100)).map((d) => [d.id, d.outcome])).toEqual([
      [newDelivery, "invalid_signature"],
      [recent, "accepted"],
    ]);

    // A second pass finds nothing more to do.
    expect(await runRetention({ settings })).toMatchObject({ runs: 0, stepOutputs: 0, payloads: 0, deliveries: 0 });
  });

  it("keeps exactly the newest N by count when many rows share one timestamp (a group-commit batch)", async () => {
    // The intake's group commit gives a whole batch one now(): cutting at the Nth newest row's
    // timestamp alone kept every row sharing it (300 deliveries, limit 100: 299 left).
    const wf = await createWorkflow(steps);
    const endpoint = await db().webhookEndpoint.create({ data: { workflowId: wf.workflowId, stepId: "s1", token: `t-${wf.workflowId}` } });
    const older = ago(1, 1000);
    const batch = ago(1);
    const newer = ago(0);
    const row = (createdAt: Date) => ({ workflowId: wf.workflowId, workspaceId: wf.workspaceId, status: "succeeded" as const, createdAt, finishedAt: createdAt });
    await db().run.createMany({ data: [...Array.from({ length: 20 }, () => row(older)), ...Array.from({ length: 40 }, () => row(batch)), row(newer), row(newer)] });
    // A running run inside the batch counts towards the newest N but is never deleted.
    const running = await db().run.create({ data: { ...row(batch), status: "running", finishedAt: null } });
    const delivery = (receivedAt: Date) => ({ workflowId: wf.workflowId, endpointId: endpoint.id, outcome: "invalid_signature" as const, size: 2, receivedAt });
    await db().delivery.createMany({ data: [...Array.from({ length: 20 }, () => delivery(older)), ...Array.from({ length: 40 }, () => delivery(batch)), delivery(newer)] });

    // The newest first, ties by id, as the lists show them.
    const runs = async () => (await db().run.findMany({ where: { workflowId: wf.workflowId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } })).map((r) => r.id);
    const deliveries = async () =>
      (await db().delivery.findMany({ where: { workflowId: wf.workflowId }, orderBy: [{ receivedAt: "desc" }, { id: "desc" }], select: { id: true } })).map((d) => d.id);
    const runsBefore = await runs();
    const deliveriesBefore = await deliveries();

    await runRetention({ settings: { ...settings, runsPerWorkflow: 10, deliveriesPerWorkflow: 7 } });
    const runsAfter = await runs();
    const keptRunning = runsBefore.indexOf(running.id) >= 10 ? [running.id] : [];
    expect(runsAfter).toEqual([...runsBefore.slice(0, 10), ...keptRunning]);
    expect(await deliveries()).toEqual(deliveriesBefore.slice(0, 7));
    expect(await runRetention({ settings: { ...settings, runsPerWorkflow: 10, deliveriesPerWorkflow: 7 } })).toMatchObject({ runs: 0, deliveries: 0 });

    // A lower limit cuts the batch again, and cuts among the newest rows.
    await runRetention({ settings: { ...settings, runsPerWorkflow: 5, deliveriesPerWorkflow: 1 } });
    expect(await runs()).toEqual([...runsBefore.slice(0, 5), ...(runsBefore.indexOf(running.id) >= 5 ? [running.id] : [])]);
    expect(await deliveries()).toEqual(deliveriesBefore.slice(0, 1));
  });

  it("removes OAuth sign-in records past their expiry, used or not, and keeps one still in progress", async () => {
    const ws = await db().workspace.create({ data: { name: `OAuth states ${randomBytes(3).toString("hex")}`, kind: "provider" } });
    const account = await db().connection.create({ data: { workspaceId: ws.id, app: "http", name: "Xero", authKind: "oauth2_authorization_code" } });
    const state = async (expiresAt: Date, usedAt: Date | null = null) =>
      (await db().oAuthConnectState.create({
        data: { id: randomBytes(32).toString("hex"), connectionId: account.id, workspaceId: ws.id, userId: "u", verifierEncrypted: "v1:x", redirectUri: "http://127.0.0.1/cb", expiresAt, usedAt },
      })).id;
    const expired = await state(new Date(Date.now() - 60_000));
    const usedAndExpired = await state(ago(2), ago(2));
    const inProgress = await state(new Date(Date.now() + 10 * 60_000));
    const counts = await runRetention({ settings });
    const left = (await db().oAuthConnectState.findMany({ where: { connectionId: account.id }, select: { id: true } })).map((r) => r.id);
    expect(left.includes(expired) || left.includes(usedAndExpired), "an expired sign-in was kept").toBe(false);
    expect(left).toEqual([inProgress]);
    expect(counts.oauthStates).toBeGreaterThanOrEqual(2);
  });

  it("is scheduled once across two workers and its job runs a pass", async () => {
    workers.push(...(await Promise.all([startWorker(), startWorker()])));
    const boss = await testBoss();
    const schedules = await boss.getSchedules(QUEUES.retentionPrune.name);
    expect(schedules.map((s) => s.cron)).toEqual(["7 * * * *"]);

    const wf = await createWorkflow(steps);
    const old = await addRun(wf, "succeeded", ago(31));
    const kept = await addRun(wf, "queued", ago(31));
    await boss.send(QUEUES.retentionPrune.name, null);
    await eventually(async () => (await db().run.count({ where: { id: old } })) === 0, 30_000, "the scheduled pass to prune");
    expect(await db().run.count({ where: { id: kept } })).toBe(1);
  }, 90_000);
});
