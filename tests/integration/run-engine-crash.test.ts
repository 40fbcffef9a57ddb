// A worker killed with SIGKILL in the middle of runs: another worker continues every run from
// its last completed step. Runs are caught mid-HTTP-request and parked on a Wait step.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startLocalServer } from "../helpers/local-server";
import { eventually, startWorker, type Service } from "../helpers/services";
import { createWorkflow, enqueueRun, FINAL, stopTestBoss } from "./run-engine-fixtures";

const RUNS = 20;
const services: Service[] = [];
afterAll(async () => {
  await stopTestBoss();
  await Promise.all(services.map((s) => s.stop()));
});

describe("crash safety", () => {
  it("finishes every run after kill -9, never repeating a completed step", async () => {
    // Odd keys: the first request hangs (the worker dies while waiting for it); retries answer at once.
    const seen = new Map<string, number>();
    const idempotencyKeys = new Map<string, Set<string>>();
    const hanging: (() => void)[] = [];
    const server = await startLocalServer((req, res) => {
      const key = new URL(req.url ?? "/", "http://x").searchParams.get("k") ?? "";
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      idempotencyKeys.set(key, (idempotencyKeys.get(key) ?? new Set()).add(String(req.headers["idempotency-key"])));
      const answer = () => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ key, n }));
      };
      if (Number(key) % 2 === 1 && n === 1) hanging.push(answer);
      else answer();
    });
    try {
      const wf = await createWorkflow([
        { kind: "webhook", config: {} },
        { kind: "http", config: { method: "POST", url: `${server.url}/work?k={{ 1.k }}` } },
        { kind: "wait", config: { mode: "duration", seconds: 4 } },
        { kind: "transform", config: { fields: [{ name: "got", expression: "{{ 2.body.n }}" }] } },
      ]);
      // Every run is queued before the worker starts, so its first fetches take them all at once.
      // Started first, it could take them one by one: its fetch loops held by hanging requests,
      // the runs behind them would start only as those batches fetch more beside them, seconds
      // apart, and the first Waits (4 s) could end before the last request hangs.
      const runIds: string[] = [];
      for (let k = 0; k < RUNS; k++) runIds.push(await enqueueRun(wf, { k }));
      const a = await startWorker();
      services.push(a);

      // Even runs parked on the Wait step, odd runs stuck inside their HTTP request: kill now.
      // (Set-up, not a measure: the suite's heavier files, whole launchers, may share the cores.)
      await eventually(async () => {
        const waiting = await db().run.count({ where: { id: { in: runIds }, status: "waiting" } });
        return waiting === RUNS / 2 && hanging.length === RUNS / 2;
      }, 90_000, "half the runs waiting, half mid-request");
      a.proc.kill("SIGKILL");
      await new Promise((r) => a.proc.once("exit", r));
      const killedAt = Date.now();
      const b = await startWorker();
      services.push(b);

      const runs = await eventually(
        async () => {
          const rows = await db().run.findMany({ where: { id: { in: runIds } }, include: { steps: true } });
          return rows.every((r) => FINAL.includes(r.status)) ? rows : null;
        },
        60_000,
        "every run to end",
      );
      const recoverySeconds = (Date.now() - killedAt) / 1000;
      console.log(`recovered ${RUNS} runs ${recoverySeconds.toFixed(1)} s after kill -9`);
      expect(recoverySeconds).toBeLessThan(45);
      for (const run of runs) {
        const k = (run.trigger as { k: number }).k;
        expect(run.status).toBe("succeeded");
        expect(run.steps).toHaveLength(4);
        expect(run.steps.every((s) => s.status === "succeeded")).toBe(true);
        const http = run.steps.find((s) => s.number === 2)!;
        // A completed request is never sent again; an interrupted one is sent once more.
        expect(seen.get(String(k))).toBe(k % 2 === 1 ? 2 : 1);
        expect(http.attempts).toBe(k % 2 === 1 ? 2 : 1);
        // The request sent again after the crash carried the same Idempotency-Key as the first.
        expect([...idempotencyKeys.get(String(k))!]).toEqual([`${run.id}.${http.stepId}`]);
        expect(run.steps.find((s) => s.number === 4)!.output).toEqual({ got: k % 2 === 1 ? 2 : 1 });
      }
      const dupes = await db().$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM (SELECT "runId", "stepId" FROM "RunStep" WHERE "runId" = ANY($1::text[]) GROUP BY 1, 2 HAVING count(*) > 1) d`,
        runIds,
      );
      expect(dupes[0].n).toBe(0);
    } finally {
      for (const answer of hanging) answer();
      await server.close();
    }
  }, 180_000);
});
