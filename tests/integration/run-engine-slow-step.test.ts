// A slow run does not hold up the others. pg-boss fetches a fetch loop's next batch only once its
// handler returns, so a run waiting on a slow API held its loop, and as many such runs as loops
// held every run of the worker. Here one loop (WORKER_CONCURRENCY=1): while two runs hang in
// their HTTP Request, quick runs queued after them still run, and the slow ones, fetched beside
// the batch and kept claimed past the queue's 10 s heartbeat, finish once answered, sent once.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startLocalServer } from "../helpers/local-server";
import { eventually } from "../helpers/services";
import { createWorkflow, enqueueRun, FINAL, startEngineWorker } from "./run-engine-fixtures";

startEngineWorker({ WORKER_CONCURRENCY: "1", WORKER_BATCH_SIZE: "5" });

const statusOf = async (id: string) => (await db().run.findUniqueOrThrow({ where: { id } })).status;

describe("a run waiting on a slow API", () => {
  it("does not hold up the runs queued after it", async () => {
    const held: (() => void)[] = [];
    const sent = new Map<string, number>();
    const server = await startLocalServer((req, res) => {
      const key = new URL(req.url ?? "/", "http://x").searchParams.get("k") ?? "";
      sent.set(key, (sent.get(key) ?? 0) + 1);
      held.push(() => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ key }));
      });
    });
    try {
      const slow = await createWorkflow([
        { kind: "webhook", config: {} },
        { kind: "http", config: { method: "POST", url: `${server.url}/slow?k={{ 1.k }}`, timeoutMs: 120_000 } },
      ]);
      const quick = await createWorkflow([{ kind: "webhook", config: {} }, { kind: "transform", config: { fields: [{ name: "n", expression: "{{ 1.n }} * 2" }] } }]);

      const first = await enqueueRun(slow, { k: "a" });
      await eventually(async () => held.length === 1, 20_000, "the first slow request to arrive");
      const second = await enqueueRun(slow, { k: "b" });
      const quickIds: string[] = [];
      for (let n = 1; n <= 3; n++) quickIds.push(await enqueueRun(quick, { n }));

      // The loop's batch is the first run, still waiting for its answer; the rest run beside it.
      await eventually(async () => held.length === 2, 30_000, "the second slow request to arrive");
      await eventually(async () => (await Promise.all(quickIds.map(statusOf))).every((s) => s === "succeeded"), 30_000, "the quick runs to succeed");
      expect(await statusOf(first)).toBe("running");
      const jobs = await db().$queryRaw<{ state: string }[]>`SELECT state::text FROM pgboss.job WHERE data->>'runId' = ANY(${quickIds}::text[])`;
      expect(jobs.map((j) => j.state)).toEqual(["completed", "completed", "completed"]);

      // Held past the queue's heartbeat (10 s, checked every few seconds): the extra job's claim
      // is kept alive, so it is not failed and retried elsewhere with its request sent again.
      const heldSince = Date.now();
      await eventually(async () => Date.now() - heldSince > 15_000, 20_000, "15 s to pass");
      for (const answer of held.splice(0)) answer();
      const runs = await eventually(
        async () => {
          const rows = await db().run.findMany({ where: { id: { in: [first, second] } }, include: { steps: true } });
          return rows.every((r) => FINAL.includes(r.status)) ? rows : null;
        },
        30_000,
        "the slow runs to end",
      );
      expect(runs.map((r) => r.status)).toEqual(["succeeded", "succeeded"]);
      expect(Object.fromEntries(sent)).toEqual({ a: 1, b: 1 });
      for (const r of runs) expect(r.steps.find((s) => s.number === 2)?.attempts).toBe(1);
      // The second slow run's job was never failed for a missing heartbeat (a worker of its own
      // would then have taken it over and sent its request again): completed on its first try.
      const jobOf = async (runId: string) =>
        db().$queryRaw<{ state: string; retries: number }[]>`SELECT state::text, retry_count AS retries FROM pgboss.job WHERE data->>'runId' = ${runId}`;
      expect(await eventually(async () => ((await jobOf(second))[0]?.state === "completed" ? jobOf(second) : null), 10_000, "its job to complete")).toEqual([
        { state: "completed", retries: 0 },
      ]);
    } finally {
      for (const answer of held.splice(0)) answer();
      await server.close();
    }
  }, 120_000);
});
