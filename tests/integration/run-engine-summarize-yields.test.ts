// A Summarize with a computed column over many groups, and a Data Transformation of many fields,
// give the worker's other runs their turn.
// JSONata resolves its promises as microtasks, so a column computed for each of 150,000 groups
// (an RMM's device list, one group per device) held the worker's event loop for the whole step
// (26 s at 300,000 on a 2-core machine): every other run of the worker, any tenant's, waited, and
// no Stop, heartbeat or progress write got through meanwhile. So did a Data Transformation whose
// fields, each inside its own 1 s limit, took long together.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { QUEUES } from "@/lib/jobs/queues";
import { createWorkflow, enqueueRun, finishedRun, startEngineWorker, testBoss } from "./run-engine-fixtures";
import { eventually } from "../helpers/services";

startEngineWorker();

/** enqueueRun without its transaction: a payload of 150,000 rows can take longer to write on a
 *  loaded machine than an interactive transaction's 5 s. */
async function enqueueLargeRun(workflow: { workflowId: string; workspaceId: string }, trigger: unknown) {
  const run = await db().run.create({ data: { workflowId: workflow.workflowId, workspaceId: workflow.workspaceId, status: "queued", scope: "workflow", trigger: trigger as Prisma.InputJsonValue } });
  await (await testBoss()).send(QUEUES.runExecute.name, { runId: run.id });
  return run.id;
}

describe("a long Summarize beside other runs", () => {
  it("lets a small run of another workspace finish while its computed column is being worked out", async () => {
    const big = await createWorkflow([
      { kind: "webhook", config: {} },
      { kind: "summarize", config: { input: "{{ 1.rows }}", groupBy: ["g"], aggregates: [{ name: "c", op: "count" }], computed: [{ name: "twice", expression: "g * 2" }] } },
    ]);
    const small = await createWorkflow([{ kind: "webhook", config: {} }, { kind: "transform", config: { fields: [{ name: "ok", expression: "1 + 1" }] } }]);

    const bigId = await enqueueLargeRun(big, { rows: Array.from({ length: 150_000 }, (_, g) => ({ g })) });
    // The Summarize is under way once the trigger's record is written.
    await eventually(async () => (await db().runStep.findFirst({ where: { runId: bigId, number: 1, status: "succeeded" } })) !== null, 60_000, "the big run's step 1");
    const smallRun = await finishedRun(await enqueueRun(small, {}), 120_000);
    const bigRun = await finishedRun(bigId, 180_000);

    expect(smallRun.status).toBe("succeeded");
    expect(bigRun.status).toBe("succeeded");
    const summary = bigRun.steps[1].output as { groups: { g: number; c: number; twice: number }[] };
    expect(summary.groups).toHaveLength(150_000);
    expect(summary.groups[149_999]).toEqual({ g: 149_999, c: 1, twice: 299_998 });
    // The small run ended while the Summarize was still at work, not after it.
    expect(smallRun.finishedAt!.getTime()).toBeLessThan(bigRun.steps[1].finishedAt!.getTime());
  }, 300_000);

  it("lets a small run finish while a Data Transformation works through its many fields", async () => {
    const fields = Array.from({ length: 80 }, (_, i) => ({ name: `f${i}`, expression: "$count([1..30000].($ * 2))" }));
    const big = await createWorkflow([{ kind: "webhook", config: {} }, { kind: "transform", config: { fields } }]);
    const small = await createWorkflow([{ kind: "webhook", config: {} }, { kind: "transform", config: { fields: [{ name: "ok", expression: "1 + 1" }] } }]);

    const bigId = await enqueueRun(big, {});
    await eventually(async () => (await db().runStep.findFirst({ where: { runId: bigId, number: 1, status: "succeeded" } })) !== null, 60_000, "the big run's step 1");
    const smallRun = await finishedRun(await enqueueRun(small, {}), 120_000);
    const bigRun = await finishedRun(bigId, 180_000);

    expect(smallRun.status).toBe("succeeded");
    expect(bigRun.status).toBe("succeeded");
    expect((bigRun.steps[1].output as Record<string, number>).f79).toBe(30_000);
    expect(smallRun.finishedAt!.getTime()).toBeLessThan(bigRun.steps[1].finishedAt!.getTime());
  }, 300_000);
});
