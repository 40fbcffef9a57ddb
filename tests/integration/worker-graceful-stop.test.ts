// A worker stopped with SIGTERM while runs are mid-request (an HTTP step slower than the 10 s the
// stop gives them) is an orderly stop, not a failure: one info line per interrupted run saying it
// resumes on the next start, and no error-level line (an operator's alerting watches those).
// The runs then finish on the next worker, from the step that was cut short.
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startLocalServer } from "../helpers/local-server";
import { eventually, startWorker, type Service } from "../helpers/services";
import { createWorkflow, enqueueRun, FINAL, stopTestBoss } from "./run-engine-fixtures";

const services: Service[] = [];
afterAll(async () => {
  await stopTestBoss();
  await Promise.all(services.map((s) => s.stop()));
});

type Line = { level?: string; msg?: string; runId?: string; err?: string };

describe("a worker stopped during slow runs", () => {
  it("logs each interrupted run as resuming on the next start, at info, and nothing at error; the next worker finishes them", async () => {
    const hanging: (() => void)[] = [];
    let calls = 0;
    const server = await startLocalServer((_req, res) => {
      calls++;
      const answer = () => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true }));
      if (calls <= 2) hanging.push(answer); // the first two requests outlast the stop
      else answer();
    });
    try {
      const wf = await createWorkflow([
        { kind: "webhook", config: {} },
        { kind: "http", config: { method: "GET", url: `${server.url}/slow` } },
      ]);
      const runIds = [await enqueueRun(wf, { n: 1 }), await enqueueRun(wf, { n: 2 })];
      const a = await startWorker();
      services.push(a);
      await eventually(async () => hanging.length === 2, 60_000, "both runs mid-request");

      a.proc.kill("SIGTERM");
      const code = await new Promise<number | null>((resolve) => a.proc.once("exit", (c) => resolve(c)));
      expect(code, a.output()).toBe(0);
      const lines = a
        .output()
        .split("\n")
        .filter((l) => l.trim().startsWith("{"))
        .map((l) => JSON.parse(l) as Line);
      expect(lines.filter((l) => l.level === "error" || l.level === "fatal"), a.output()).toEqual([]);
      for (const runId of runIds) {
        expect(lines).toContainEqual(expect.objectContaining({ level: "info", runId, msg: "run interrupted by shutdown; it resumes on the next start" }));
      }

      const b = await startWorker();
      services.push(b);
      const runs = await eventually(
        async () => {
          const rows = await db().run.findMany({ where: { id: { in: runIds } }, include: { steps: true } });
          return rows.every((r) => FINAL.includes(r.status)) ? rows : null;
        },
        60_000,
        "both runs to end",
      );
      for (const run of runs) {
        expect(run.status).toBe("succeeded");
        expect(run.steps.find((s) => s.number === 2)!.attempts).toBe(2);
      }
    } finally {
      for (const answer of hanging) answer();
      await server.close();
    }
  }, 180_000);
});
