// A worker killed (SIGKILL) while a run waits in an HTTP Request on a slow endpoint: once a new
// worker runs, the run does not stay "running" — pg-boss sees the job's heartbeat stop and retries
// it, and the run continues at that step as its next attempt, the step's log saying why the first
// one never finished. What a technician reads on the run's page afterwards.
import { afterAll, describe, expect, it } from "vitest";
import { startLocalServer } from "../helpers/local-server";
import { eventually, startWorker, type Service } from "../helpers/services";
import { createWorkflow, enqueueRun, finishedRun, stopTestBoss, testBoss } from "./run-engine-fixtures";
import { db } from "@/lib/db/client";
import { QUEUES } from "@/lib/jobs/queues";

const services: Service[] = [];
afterAll(async () => {
  await stopTestBoss();
  await Promise.all(services.map((s) => s.stop()));
});

describe("a worker killed during a step", () => {
  it("the run resumes on a new worker: the step runs again as attempt 2, its log naming the attempt the worker died in", async () => {
    let requests = 0;
    const hanging: (() => void)[] = [];
    const slow = await startLocalServer((_req, res) => {
      requests++;
      const answer = () => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ request: requests }));
      if (requests === 1) hanging.push(answer); // the first request never gets an answer from this worker's point of view
      else answer();
    });
    try {
      const wf = await createWorkflow([
        { kind: "webhook", config: {} },
        { kind: "http", config: { method: "GET", url: `${slow.url}/slow`, timeoutMs: 120_000 } },
        { kind: "transform", config: { fields: [{ name: "got", expression: "{{ 2.body.request }}" }] } },
      ]);
      const first = await startWorker();
      services.push(first);
      const runId = await enqueueRun(wf, {});
      await eventually(async () => hanging.length === 1, 60_000, "the HTTP step to wait on the slow endpoint");
      const during = await db().runStep.findFirstOrThrow({ where: { runId, number: 2 } });
      expect([during.status, during.attempts]).toEqual(["running", 1]);

      first.proc.kill("SIGKILL");
      await new Promise((r) => first.proc.once("exit", r));
      services.push(await startWorker());

      const run = await finishedRun(runId, 90_000);
      expect(run.status).toBe("succeeded");
      const step = run.steps[1];
      expect([step.status, step.attempts]).toEqual(["succeeded", 2]);
      expect(step.logs).toContain("attempt 1 of 5 did not finish: the worker stopped during it");
      expect(run.steps[2].output).toEqual({ got: 2 });
      expect(requests).toBe(2);
    } finally {
      for (const answer of hanging) answer();
      await slow.close();
    }
  }, 180_000);

  it("a step the worker died in five times fails the run saying so, and is not sent a sixth time", async () => {
    let requests = 0;
    const endpoint = await startLocalServer((_req, res) => {
      requests++;
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    try {
      const wf = await createWorkflow([
        { kind: "webhook", config: {} },
        { kind: "http", config: { method: "GET", url: `${endpoint.url}/again` } },
      ]);
      // What five workers killed in step 2 leave behind (each kill costs the job its heartbeat's ~15 s).
      const run = await db().run.create({
        data: {
          workflowId: wf.workflowId,
          workspaceId: wf.workspaceId,
          status: "running",
          startedAt: new Date(),
          trigger: {},
          steps: {
            create: [
              { stepId: "s1", number: 1, kind: "webhook", status: "succeeded", output: {} },
              { stepId: "s2", number: 2, kind: "http", status: "running", attempts: 5, startedAt: new Date() },
            ],
          },
        },
      });
      const worker = await startWorker();
      services.push(worker);
      await (await testBoss()).send(QUEUES.runExecute.name, { runId: run.id });
      const ended = await finishedRun(run.id, 60_000);
      expect(ended.status).toBe("failed");
      expect(ended.error).toBe('step 2 (HTTP Request "http"): the worker stopped during this step 5 times; giving up');
      expect([ended.steps[1].status, ended.steps[1].attempts]).toEqual(["failed", 5]);
      expect(requests).toBe(0);
      await worker.stop(); // the file's other test kills its own worker: none of this one's may take its run
    } finally {
      await endpoint.close();
    }
  }, 120_000);
});
