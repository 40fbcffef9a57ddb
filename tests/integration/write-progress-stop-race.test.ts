// A stop and a progress write that meet: the write of a new step record waits for a stop under
// way (the run row is locked FOR SHARE by the write) and, once the stop commits, finds the run
// ended and writes nothing — so an executor cannot start the next step (an HTTP request) of a
// run stopped a moment earlier.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { databaseUrl } from "@/lib/env";
import { progressPool, writeProgress } from "@/lib/runs/write-progress";
import { eventually } from "../helpers/services";
import { createWorkflow } from "./run-engine-fixtures";

let stopper: pg.Client;
beforeAll(async () => {
  stopper = new pg.Client({ connectionString: databaseUrl() });
  await stopper.connect();
});
afterAll(() => stopper?.end());

describe("a progress write racing a stop", () => {
  it("waits for the stop's commit and then writes nothing", async () => {
    const wf = await createWorkflow([{ kind: "webhook", config: {} }, { kind: "http", config: { url: "https://example.test" } }]);
    const run = await db().run.create({ data: { workflowId: wf.workflowId, workspaceId: wf.workspaceId, status: "running" } });

    await progressPool().query("SELECT 1"); // its session is up before the stop begins

    await stopper.query("BEGIN");
    await stopper.query(`UPDATE "Run" SET status = 'stopped', "finishedAt" = now() WHERE id = $1`, [run.id]);
    const write = writeProgress({ steps: [{ runId: run.id, stepId: "s2", number: 2, kind: "http", status: "running", attempts: 1, startedAt: new Date() }], runs: [] });
    // The write is blocked on the stop's lock of the run row (not merely slow).
    await eventually(
      async () => (await stopper.query(`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND application_name LIKE '%-progress'`)).rowCount! > 0,
      10_000,
      "the write to wait on the stop",
    );
    await stopper.query("COMMIT");
    expect([...(await write)]).toEqual([]);
    expect(await db().runStep.count({ where: { runId: run.id } })).toBe(0);
  });
});
