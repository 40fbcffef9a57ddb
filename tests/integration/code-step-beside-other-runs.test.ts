// One client's slow Code step does not hold up the worker: while a Code step busy-loops, or
// builds and serialises a huge JSON value, another workspace's run on the same worker finishes
// and the worker keeps beating (its heartbeat row, what /api/health/ready reads, moves on).
// isolated-vm's synchronous calls block the thread that makes them; the user's code runs in a
// sandbox child process (lib/sandbox/sandbox-pool.ts) and asynchronously there, so neither the
// worker's event loop nor its pg-boss job heartbeats wait on it.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { eventually, startWorker, type Service } from "../helpers/services";
import { createWorkflow, enqueueRun, finishedRun, runInStatus, stopTestBoss } from "./run-engine-fixtures";

let worker: Service | undefined;
afterAll(async () => {
  await stopTestBoss();
  await worker?.stop();
});

/** The newest beat of this worker process (its row's id holds its pid). */
async function lastBeat(pid: number): Promise<Date | null> {
  const rows = await db().workerHeartbeat.findMany({ select: { id: true, lastBeatAt: true } });
  return rows.find((r) => r.id.includes(`:${pid}:`))?.lastBeatAt ?? null;
}

const SLOW_CODE = {
  // Busy until its time limit: the step fails with the limit, as a user's endless loop does.
  "a busy loop": "while (true) {}",
  // A huge value built and written out as JSON over and over, all synchronous JavaScript.
  "a huge synchronous JSON": "const rows = Array.from({ length: 200000 }, (_, i) => ({ id: i, name: 'device-' + i, tags: ['a', 'b'] }));\nfor (;;) JSON.parse(JSON.stringify(rows));",
};

describe("a slow Code step beside other clients' runs", () => {
  for (const [what, code] of Object.entries(SLOW_CODE)) {
    it(`another workspace's run finishes and the worker keeps beating while a Code step runs ${what}`, async () => {
      worker ??= await startWorker();
      const pid = worker.proc.pid!;
      const slow = await createWorkflow([
        { kind: "webhook", config: {} },
        { kind: "code", config: { code, timeoutMs: 12_000 } },
      ]);
      const other = await createWorkflow([
        { kind: "webhook", config: {} },
        { kind: "code", config: { code: "return { answer: steps[1].n * 2 }", timeoutMs: 5_000 } },
        { kind: "transform", config: { fields: [{ name: "done", expression: "{{ 2.answer }}" }] } },
      ]);

      const slowId = await enqueueRun(slow, {});
      await runInStatus(slowId, "running", 60_000); // step 1 recorded: the slow code is executing
      const beatBefore = (await lastBeat(pid))!;

      const otherRun = await finishedRun(await enqueueRun(other, { n: 21 }), 60_000);
      expect(otherRun.status).toBe("succeeded");
      expect(otherRun.steps[2].output).toEqual({ done: 42 });
      // The worker beat again while the slow step was still executing (it beats every 5 s).
      await eventually(async () => ((await lastBeat(pid))?.getTime() ?? 0) > beatBefore.getTime(), 30_000, "a newer heartbeat");
      const slowMeanwhile = await db().run.findUniqueOrThrow({ where: { id: slowId } });

      const slowRun = await finishedRun(slowId, 60_000);
      expect(slowRun.status).toBe("failed");
      expect(slowRun.steps[1].error).toMatch(/ran longer than its 12 s time limit/);
      // All of it happened before the slow step ended, not after.
      expect(slowMeanwhile.status).toBe("running");
      expect(otherRun.finishedAt!.getTime()).toBeLessThan(slowRun.steps[1].finishedAt!.getTime());
    }, 180_000);
  }
});
