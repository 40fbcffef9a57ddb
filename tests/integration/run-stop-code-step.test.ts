// Stop ends a Code step in progress at once, with a real worker: a stopped run's endless loop used
// to keep its sandbox child until the step's time limit (up to a minute), and with as many such
// runs as a workspace may hold children, that workspace's next Code step waited for all of them.
// The worker learns of the Stop (written by another process, here this test's) from the database.
import { availableParallelism } from "node:os";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { stopRun } from "@/lib/runs/stop-run";
import { eventually, startWorker, type Service } from "../helpers/services";
import { createWorkflow, createWorkspace, enqueueRun, finishedRun, runInStatus, statuses, stopTestBoss } from "./run-engine-fixtures";

const services: Service[] = [];
afterAll(async () => {
  await stopTestBoss();
  await Promise.all(services.map((s) => s.stop()));
});

// As many children as one workspace may hold at once (sandbox-pool.ts: one per core, up to 4).
const PER_WORKSPACE = Math.min(availableParallelism(), 4);

describe("Stop during a Code step", () => {
  it("ends the looping step at once: the workspace's next Code run finishes within seconds, and nothing of the stopped runs is left", async () => {
    const workspaceId = await createWorkspace();
    const user = await db().user.create({ data: { email: `stopper-${randomUUID().slice(0, 8)}@example.test`, name: "Stopper", passwordHash: "x" } });
    await db().membership.create({ data: { userId: user.id, workspaceId, role: "editor" } });
    const looping = await createWorkflow(
      [
        { kind: "webhook", config: {} },
        { kind: "code", config: { code: "while (true) {}", timeoutMs: 60_000 } },
        { kind: "code", config: { code: "return 'never'", timeoutMs: 5_000 } },
      ],
      { workspaceId },
    );
    const quick = await createWorkflow(
      [
        { kind: "webhook", config: {} },
        { kind: "code", config: { code: "const end = Date.now() + 500; while (Date.now() < end) {} return { done: true }", timeoutMs: 10_000 } },
      ],
      { workspaceId },
    );
    services.push(await startWorker());

    const stuck = await Promise.all(Array.from({ length: PER_WORKSPACE }, (_, i) => enqueueRun(looping, { loop: i })));
    for (const runId of stuck) await runInStatus(runId, "running", 60_000); // step 1 recorded: the loop is executing
    for (const runId of stuck) expect((await stopRun({ runId, userId: user.id })).status).toBe("stopped");

    // Before the fix: a sandbox child per loop until its 60 s limit, and this run queued behind them.
    const started = Date.now();
    const run = await finishedRun(await enqueueRun(quick, {}), 15_000);
    expect(run.status).toBe("succeeded");
    expect(run.steps[1].output).toEqual({ done: true });
    expect(Date.now() - started).toBeLessThan(15_000);

    // Every job of the stopped runs is completed (not held by a step still executing, nor retried),
    // and the runs read as stopped during the loop: its step failed with who stopped it (it had
    // no record for Stop to fail; it used to read skipped, as if it never ran), the next skipped.
    await eventually(
      async () => {
        const rows = await db().$queryRaw<{ state: string }[]>`SELECT state::text FROM pgboss.job WHERE data->>'runId' = ANY(${stuck}::text[])`;
        return rows.length === stuck.length && rows.every((r) => r.state === "completed");
      },
      15_000,
      "the stopped runs' jobs to be completed",
    );
    for (const runId of stuck) {
      const stopped = await db().run.findUniqueOrThrow({ where: { id: runId }, include: { steps: { orderBy: { number: "asc" } } } });
      expect(stopped.status).toBe("stopped");
      expect(stopped.error).toBe(`stopped by ${user.email}`);
      await eventually(
        async () => (await db().runStep.findFirst({ where: { runId, number: 2 } }))?.status === "failed",
        15_000,
        `the stopped run ${runId}'s Code step to read failed`,
      );
      const after = await db().run.findUniqueOrThrow({ where: { id: runId }, include: { steps: { orderBy: { number: "asc" } } } });
      expect(statuses(after)).toEqual(["1:succeeded", "2:failed", "3:skipped"]);
      expect(after.steps[1]).toMatchObject({ error: `the run was stopped by ${user.email} during this step`, finishedAt: stopped.finishedAt, attempts: 1 });
      expect(after.steps[2]).toMatchObject({ error: null, finishedAt: stopped.finishedAt });
    }
  }, 120_000);
});
