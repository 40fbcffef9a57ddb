// The group commit's own pool has the process's statement limits, as the shared pool does: a
// progress write stuck behind a lock (or on a server that stopped answering) fails instead of
// holding every run in flight of the worker for ever.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, setStatementLimits } from "@/lib/db/client";
import { databaseUrl } from "@/lib/env";
import { progressPool, writeProgress } from "@/lib/runs/write-progress";
import { createWorkflow } from "./run-engine-fixtures";

let holder: pg.Client;
beforeAll(async () => {
  setStatementLimits({ statementMs: 1_000, queryMs: 3_000 }); // before the pools open
  holder = new pg.Client({ connectionString: databaseUrl() });
  await holder.connect();
});
afterAll(async () => {
  await holder?.end();
  await progressPool().end();
});

describe("a progress write blocked by a lock", () => {
  it("is cancelled after the statement limit, and the pool serves the next write", async () => {
    const wf = await createWorkflow([{ kind: "webhook", config: {} }, { kind: "transform", config: { fields: [] } }]);
    const run = await db().run.create({ data: { workflowId: wf.workflowId, workspaceId: wf.workspaceId, status: "running" } });
    const step = { runId: run.id, stepId: "s2", number: 2, kind: "transform", status: "running" as const, attempts: 1, startedAt: new Date() };

    await holder.query("BEGIN");
    await holder.query(`SELECT 1 FROM "Run" WHERE id = $1 FOR UPDATE`, [run.id]);
    const started = Date.now();
    try {
      await expect(writeProgress({ steps: [step], runs: [] })).rejects.toThrow(/statement timeout/);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await holder.query("ROLLBACK");
    }
    expect([...(await writeProgress({ steps: [step], runs: [] }))]).toEqual([`${run.id}/s2`]);
  });
});
