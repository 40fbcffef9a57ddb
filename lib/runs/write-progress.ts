// Writes step records and run status changes of any number of runs in ONE statement, so the
// engine can group-commit the progress of every run in flight (lib/runs/create-progress-writer.ts).
// The rows are read as json, not jsonb: outputs keep their keys in the step's order.
// Guards make every write safe to repeat or to race: a step record that is final (succeeded,
// failed, skipped) is never overwritten, nor is a run that has ended, and a run that has ended
// (stopped by a person, lib/runs/stop-run.ts) gets no more step records: its executor sees the
// write refused and lets go of it. The run rows are locked FOR SHARE for that test, so a stop
// and a write never pass each other: a write waits for a stop under way and then sees the run
// ended; a stop waits for a write under way and then marks the step it wrote.
// A step's "startedAt" is its latest attempt's; "firstStartedAt" is set by its first write that
// has a start and kept from then on, so the time across its retries can be shown.
import pg from "pg";
import { databaseUrl } from "@/lib/env";
import { sessionName, statementLimits, type Tx } from "@/lib/db/client";
import { INDEX_PLANS_ONLY } from "@/lib/db/index-plans-only";
import { poolBounds } from "@/lib/db/pool-bounds";
import { toStorableJson } from "@/lib/json/storable-json";
import type { RunWrite, StepWrite } from "@/lib/runs/run-records";

export const WRITE_PROGRESS_SQL = `
WITH open AS (
  SELECT r."id" FROM "Run" r
  WHERE r."id" IN (SELECT x."runId" FROM json_to_recordset($1::json) AS x("runId" text))
    AND r."status" NOT IN ('succeeded', 'failed', 'stopped')
  FOR SHARE
), s AS (
  INSERT INTO "RunStep" ("runId", "stepId", "number", "kind", "status", "output", "error", "logs", "unresolved", "attempts", "startedAt", "firstStartedAt", "finishedAt")
  SELECT x."runId", x."stepId", x."number", x."kind", x."status"::"StepStatus", x."output", x."error",
         COALESCE(x."logs", '[]'::jsonb), COALESCE(x."unresolved", '[]'::jsonb), x."attempts", x."startedAt", x."startedAt", x."finishedAt"
    FROM json_to_recordset($1::json) AS x("runId" text, "stepId" text, "number" int, "kind" text, "status" text, "output" json,
         "error" text, "logs" jsonb, "unresolved" jsonb, "attempts" int, "startedAt" timestamp(3), "finishedAt" timestamp(3))
  WHERE x."runId" IN (SELECT "id" FROM open)
  ON CONFLICT ("runId", "stepId") DO UPDATE SET
    "number" = EXCLUDED."number", "kind" = EXCLUDED."kind", "status" = EXCLUDED."status", "output" = EXCLUDED."output",
    "error" = EXCLUDED."error", "logs" = EXCLUDED."logs", "unresolved" = EXCLUDED."unresolved", "attempts" = EXCLUDED."attempts",
    "startedAt" = COALESCE(EXCLUDED."startedAt", "RunStep"."startedAt"),
    "firstStartedAt" = COALESCE("RunStep"."firstStartedAt", "RunStep"."startedAt", EXCLUDED."startedAt"), "finishedAt" = EXCLUDED."finishedAt"
  WHERE "RunStep"."status" NOT IN ('succeeded', 'failed', 'skipped')
  RETURNING "runId", "stepId"
), r AS (
  UPDATE "Run" AS t SET
    "status" = x."status"::"RunStatus",
    "error" = x."error",
    "startedAt" = COALESCE(t."startedAt", x."startedAt"),
    "finishedAt" = x."finishedAt",
    "trigger" = CASE WHEN x."setTrigger" THEN x."trigger" ELSE t."trigger" END
  FROM json_to_recordset($2::json) AS x("id" text, "status" text, "error" text, "startedAt" timestamp(3), "finishedAt" timestamp(3),
       "setTrigger" boolean, "trigger" json)
  WHERE t."id" = x."id" AND t."status" NOT IN ('succeeded', 'failed', 'stopped')
  RETURNING t."id"
)
SELECT s."runId", s."stepId" FROM s`;

/**
 * What the write's own sessions run with. Planned while "Run" was small, its run update became a
 * hash join over a sequential scan of "Run" and stayed one until an autoanalyze happened to
 * replace it: under the ingest benchmark 80–135 ms per write instead of a few, and the worker
 * fell tens of thousands of runs behind (tests/integration/write-progress-plan.test.ts). With
 * INDEX_PLANS_ONLY the plan is a nested loop over the primary key (and the foreign-key checks'
 * lookups of "Run" are planned the same way).
 */
export const PROGRESS_SESSION_SETTINGS = INDEX_PLANS_ONLY;

const g = globalThis as unknown as { __progressPool?: pg.Pool };

/** Connections for the group commit only (one statement is in flight at a time). */
export function progressPool(): pg.Pool {
  if (!g.__progressPool) {
    const pool = new pg.Pool({
      connectionString: databaseUrl(),
      max: 2,
      application_name: sessionName("-progress"),
      // The worker's limits: a write stuck on a lock or a server that stopped answering fails
      // (its runs are retried by their jobs) instead of holding every run in flight for ever.
      ...poolBounds(statementLimits()),
      // Before the pool hands a new connection out, so it runs before any write (see intake.ts).
      onConnect: (client) => client.query(PROGRESS_SESSION_SETTINGS),
    });
    pool.on("error", () => {}); // an idle connection dropped by the server must not crash the process
    g.__progressPool = pool;
  }
  return g.__progressPool;
}

export type WriteProgressOptions = { steps: readonly StepWrite[]; runs: readonly RunWrite[]; tx?: Tx };

/** Returns the `runId/stepId` keys of the step records actually written (final ones are kept). */
export async function writeProgress({ steps, runs, tx }: WriteProgressOptions): Promise<Set<string>> {
  if (steps.length === 0 && runs.length === 0) return new Set();
  const stepRows = steps.map((s) => ({
    ...s,
    output: s.output === undefined ? null : s.output,
    error: s.error ?? null,
    logs: s.logs ?? [],
    unresolved: s.unresolved ?? [],
    startedAt: s.startedAt ?? null,
    finishedAt: s.finishedAt ?? null,
  }));
  const runRows = runs.map((r) => ({
    ...r,
    error: r.error ?? null,
    startedAt: r.startedAt ?? null,
    finishedAt: r.finishedAt ?? null,
    setTrigger: r.trigger !== undefined,
    trigger: r.trigger ?? null,
  }));
  // NUL and lone surrogates (an API's half emoji, a Code step's string cut in the middle) become
  // U+FFFD, keys included: PostgreSQL refuses them, and a refused write looked like a worker
  // crash, so the step ran again (an HTTP POST sent five times) before the run failed.
  const values = [toStorableJson(stepRows), toStorableJson(runRows)];
  // Outside a transaction (the group commit's writes): straight to node-postgres as a prepared
  // statement, skipping Prisma's per-query work, the largest share of the worker's CPU per run.
  // (Inside one, Prisma's statement is planned afresh each time, with the current sizes.)
  const rows = tx
    ? await tx.$queryRawUnsafe<{ runId: string; stepId: string }[]>(WRITE_PROGRESS_SQL, ...values)
    : (await progressPool().query<{ runId: string; stepId: string }>({ name: "write-progress", text: WRITE_PROGRESS_SQL, values })).rows;
  return new Set(rows.map((r) => `${r.runId}/${r.stepId}`));
}
