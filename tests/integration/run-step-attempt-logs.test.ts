// A retried step's record keeps every attempt's history: one log line per failed attempt (when
// and why), not only the last attempt's lines.
import { describe, expect, it } from "vitest";
import { startLocalServer } from "../helpers/local-server";
import { createWorkflow, enqueueRun, finishedRun, startEngineWorker } from "./run-engine-fixtures";

startEngineWorker();

const FAILED_LINE = /^attempt (\d) of 5 failed at (\d{4}-\d\d-\d\dT[\d:.]+Z): HTTP (\d+) from GET /;

describe("a retried step's logs", () => {
  it("hold a line per failed attempt, with when and why, above the last attempt's lines", async () => {
    const answers = [503, 429, 200];
    let calls = 0;
    const server = await startLocalServer((_req, res) => {
      const status = answers[Math.min(calls++, answers.length - 1)];
      res.writeHead(status, { "retry-after": "0", "content-type": "application/json" });
      res.end(JSON.stringify({ call: calls }));
    });
    const always = await startLocalServer((_req, res) => {
      res.writeHead(503, { "retry-after": "0", "content-type": "application/json" });
      res.end('{"busy":true}');
    });
    try {
      const wf = await createWorkflow([{ kind: "webhook", config: {} }, { kind: "http", config: { method: "GET", url: `${server.url}/x` } }]);
      const ok = await finishedRun(await enqueueRun(wf, {}), 30_000);
      expect(ok.steps[1]).toMatchObject({ status: "succeeded", attempts: 3 });
      const lines = ok.steps[1].logs as string[];
      const failed = lines.filter((l) => FAILED_LINE.test(l)).map((l) => FAILED_LINE.exec(l)!.slice(1, 4).filter((_, i) => i !== 1));
      expect(failed).toEqual([["1", "503"], ["2", "429"]]);
      // The last attempt's lines close the log: its answer, then what it sent (a GET: headers only).
      expect(lines.slice(-2)).toEqual([expect.stringMatching(/→ 200/), expect.stringMatching(/^request headers: /)]);

      const wf5 = await createWorkflow([{ kind: "webhook", config: {} }, { kind: "http", config: { method: "GET", url: `${always.url}/y` } }]);
      const bad = await finishedRun(await enqueueRun(wf5, {}), 60_000);
      expect(bad.steps[1]).toMatchObject({ status: "failed", attempts: 5 });
      const badLines = (bad.steps[1].logs as string[]).filter((l) => FAILED_LINE.test(l));
      expect(badLines.map((l) => FAILED_LINE.exec(l)![1])).toEqual(["1", "2", "3", "4", "5"]);
      const times = badLines.map((l) => Date.parse(FAILED_LINE.exec(l)![2]));
      expect(times).toEqual([...times].sort((a, b) => a - b));
    } finally {
      await server.close();
      await always.close();
    }
  }, 120_000);
});
