// An HTTP step whose server answers 503 with a Retry-After that is malformed (-5), a date long
// past, or 0 still waits the documented backoff (2 s, then 4 s …, ±20 %) between attempts, instead
// of sending all five attempts back to back within a fraction of a second.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { startLocalServer } from "../helpers/local-server";
import { eventually } from "../helpers/services";
import { createWorkflow, enqueueRun, startEngineWorker } from "./run-engine-fixtures";

startEngineWorker();

const PARKED = /^attempt (\d) of 5 failed at (\S+): HTTP 503 from POST .* \(next attempt at (\S+)\)$/;

async function firstTwoAttempts(retryAfter: string) {
  const hits: number[] = [];
  const server = await startLocalServer((_req, res) => {
    hits.push(Date.now());
    res.writeHead(503, { "retry-after": retryAfter, "content-type": "application/json" });
    res.end('{"busy":true}');
  });
  try {
    const wf = await createWorkflow([{ kind: "webhook", config: {} }, { kind: "http", config: { method: "POST", url: `${server.url}/tickets` } }]);
    const runId = await enqueueRun(wf, { id: 1 });
    const parkedLines = (logs: unknown) =>
      (logs as string[]).flatMap((l) => {
        const m = PARKED.exec(l);
        return m ? [{ attempt: Number(m[1]), gap: Date.parse(m[3]) - Date.parse(m[2]) }] : [];
      });
    // Parked after its second attempt (or, hammering, already failed): the failures so far and
    // their scheduled next attempts are in the step's log.
    const step = await eventually(
      async () => {
        const s = await db().runStep.findFirst({ where: { runId, number: 2 } });
        return s && (s.status === "failed" || parkedLines(s.logs).length >= 2) ? s : null;
      },
      30_000,
      `run ${runId} parked after attempt 2`,
    );
    const parked = parkedLines(step.logs).slice(0, 2);
    await db().run.update({ where: { id: runId }, data: { status: "stopped" } });
    return { parked, hits: [...hits], status: step.status };
  } finally {
    await server.close();
  }
}

describe("Retry-After that asks for no wait", () => {
  it.each([["-5"], ["Wed, 21 Oct 2015 07:28:00 GMT"], ["0"], ["soon"]])("Retry-After: %s waits the backoff between attempts", async (retryAfter) => {
    const { parked, hits, status } = await firstTwoAttempts(retryAfter);
    expect(parked.map((p) => p.attempt)).toEqual([1, 2]);
    expect(parked[0].gap).toBeGreaterThanOrEqual(1_600); // 2 s − 20 %
    expect(parked[1].gap).toBeGreaterThanOrEqual(3_200); // 4 s − 20 %
    expect(status).toBe("waiting");
    expect(hits).toHaveLength(2);
    expect(hits[1] - hits[0]).toBeGreaterThanOrEqual(1_600);
  });
});
