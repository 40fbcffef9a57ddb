-- "Run the stopped runs again" (lib/runs/rerun-stopped-runs.ts): which runs a provider's re-push
-- stopped, and whether each was run again since.
--   stoppedByPushAt: the instant of the push that stopped the run (by the push itself, or by the
--     worker while that push awaited review); null for every other run.
--   rerunRunId: the first run started again from this one (Run again, or the bulk action), never
--     cleared. Set with a conditional UPDATE (… AND "rerunRunId" IS NULL), which PostgreSQL
--     re-checks on the row once a concurrent writer's lock is released: two presses at once start
--     each stopped run once. No foreign key: retention deleting that run must not make this one
--     eligible again.
ALTER TABLE "Run" ADD COLUMN "stoppedByPushAt" TIMESTAMP(3), ADD COLUMN "rerunRunId" TEXT;

-- Runs stopped before this migration, known by their error (both wordings the reason has had):
-- the push that stopped them is the copy's latest `pushed` event at or before the stop.
UPDATE "Run" r SET "stoppedByPushAt" = COALESCE(
    (SELECT max(e."createdAt") FROM "AuditEvent" e
      WHERE e."workflowId" = r."workflowId" AND e.action = 'pushed' AND e."createdAt" <= r."finishedAt"),
    r."finishedAt")
  WHERE r.status = 'stopped' AND r.error LIKE 'stopped because your provider pushed a new version of this workflow%';

-- Runs already run again with Run again (its audit event names the source), so the bulk action
-- does not repeat a delivery a client has already repeated by hand.
UPDATE "Run" r SET "rerunRunId" = e."runId"
  FROM (SELECT DISTINCT ON (details->>'sourceRunId') details->>'sourceRunId' AS "sourceRunId", details->>'runId' AS "runId"
          FROM "AuditEvent" WHERE action = 'run_rerun' AND details ? 'sourceRunId'
          ORDER BY details->>'sourceRunId', "createdAt") e
  WHERE r.id = e."sourceRunId" AND r."stoppedByPushAt" IS NOT NULL;

-- The runs the action may still start, per workflow, oldest first: few rows, whatever the Run table holds.
CREATE INDEX "Run_stopped_by_push_idx" ON "Run" ("workflowId", "createdAt") WHERE "stoppedByPushAt" IS NOT NULL AND "rerunRunId" IS NULL;
