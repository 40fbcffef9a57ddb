// The batched statements of the retention job. Each touches at most $batch rows, found through
// the (workflowId, createdAt) / (workflowId, receivedAt) indexes, and runs as its own
// autocommit transaction, so locks on the hot tables last one small statement. SKIP LOCKED
// leaves rows a worker is writing right now for the next pass instead of waiting on them.

/** Runs never deleted or cleared: the engine still owns them. */
export const UNFINISHED = `('queued','running','waiting')`;

/** Deletes one batch of finished runs created before $2 (age) or older than the workflow's
 *  newest $3 + 1 runs (count); RunStep rows go by ON DELETE CASCADE, and an accepted delivery's
 *  entry in the deliveries log goes with its run (it is recorded on the run). */
export const DELETE_RUNS = `
DELETE FROM "Run" WHERE id IN (
  SELECT id FROM "Run"
   WHERE "workflowId" = $1
     AND "createdAt" < GREATEST($2::timestamp(3),
           COALESCE((SELECT "createdAt" FROM "Run" WHERE "workflowId" = $1
                      ORDER BY "createdAt" DESC OFFSET $3::int LIMIT 1), '-infinity'))
     AND status::text NOT IN ${UNFINISHED}
   LIMIT $4::int
   FOR UPDATE SKIP LOCKED)`;

/** Clears outputs and logs of one batch of steps of finished runs created before $2. */
export const CLEAR_STEP_OUTPUTS = `
UPDATE "RunStep" SET output = NULL, logs = '[]'::jsonb WHERE id IN (
  SELECT s.id FROM "Run" r JOIN "RunStep" s ON s."runId" = r.id
   WHERE r."workflowId" = $1 AND r."createdAt" < $2::timestamp(3)
     AND r.status::text NOT IN ${UNFINISHED}
     AND (s.output IS NOT NULL OR s.logs <> '[]'::jsonb)
   LIMIT $3::int
   FOR UPDATE OF s SKIP LOCKED)`;

/** Deletes one batch of Delivery rows (requests that made no run) received before $2 (age) or
 *  beyond the newest $3. */
export const DELETE_DELIVERIES = `
DELETE FROM "Delivery" WHERE id IN (
  SELECT id FROM "Delivery"
   WHERE "workflowId" = $1
     AND "receivedAt" < GREATEST($2::timestamp(3),
           COALESCE((SELECT "receivedAt" FROM "Delivery" WHERE "workflowId" = $1
                      ORDER BY "receivedAt" DESC OFFSET $3::int LIMIT 1), '-infinity'))
   LIMIT $4::int
   FOR UPDATE SKIP LOCKED)`;
