// The batched statements of the retention job. Each touches at most $batch rows, found through
// the (workflowId, createdAt) / (workflowId, receivedAt) indexes, and runs as its own
// autocommit transaction, so locks on the hot tables last one small statement. SKIP LOCKED
// leaves rows a worker is writing right now for the next pass instead of waiting on them.

/** Runs never deleted or cleared: the engine still owns them. */
export const UNFINISHED = `('queued','running','waiting')`;

/**
 * The oldest (timestamp, id) a workflow keeps, as a row subquery: the later of the age cutoff $2
 * (paired with '', below every id: the rows at or after $2) and the workflow's $3 + 1'th newest
 * row in the lists' order (newest first, ties by id). Rows before it go.
 * The id breaks ties: the intake's group commit gives a whole batch one timestamp, and cutting
 * at a timestamp alone kept every row sharing the boundary's (300 deliveries, limit 100: 299 left).
 * That row's timestamp T is read backwards from the (workflowId, timestamp) index alone; only
 * when the count decides (T at or after $2) is its id looked up: the rows newer than T counted on
 * the same index, then that many fewer skipped among the rows at T, the only ones read from the
 * table. (Ordering all N rows by (timestamp, id) instead read and sorted every one of them, up to
 * twice the time per statement.) OFFSET 0 keeps T a single lookup rather than one per use.
 */
function boundary(table: string, at: string): string {
  const nth = `(SELECT ${at} FROM ${table} WHERE "workflowId" = $1 ORDER BY ${at} DESC OFFSET $3::int LIMIT 1)`;
  const ageOnly = `nth.t IS NULL OR nth.t < $2::timestamp(3)`;
  return `(
           SELECT CASE WHEN ${ageOnly} THEN $2::timestamp(3) ELSE nth.t END,
                  CASE WHEN ${ageOnly} THEN '' ELSE (
                    SELECT id FROM ${table} WHERE "workflowId" = $1 AND ${at} = nth.t ORDER BY id DESC
                    OFFSET $3::int - (SELECT count(*) FROM ${table} WHERE "workflowId" = $1 AND ${at} > nth.t) LIMIT 1) END
             FROM (SELECT ${nth} AS t OFFSET 0) nth)`;
}

/** Deletes one batch of finished runs created before $2 (age) or beyond the workflow's newest
 *  $3 + 1 runs (count); RunStep rows go by ON DELETE CASCADE, and an accepted delivery's
 *  entry in the deliveries log goes with its run (it is recorded on the run). */
export const DELETE_RUNS = `
DELETE FROM "Run" WHERE id IN (
  SELECT id FROM "Run"
   WHERE "workflowId" = $1
     AND ("createdAt", id) < ${boundary(`"Run"`, `"createdAt"`)}
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

/** Clears the trigger payload of one batch of finished runs created before $2, marking them
 *  cleared at $3. The payload is step 1's output: kept in "trigger" it outlived the outputs this
 *  setting is there to remove. "outputsClearedAt" tells a cleared run from one whose trigger was
 *  null, so the run view and Run again can say why it is gone (lib/runs/rerun-run.ts). */
export const CLEAR_RUN_PAYLOADS = `
UPDATE "Run" SET trigger = NULL, "outputsClearedAt" = $3::timestamp(3) WHERE id IN (
  SELECT id FROM "Run"
   WHERE "workflowId" = $1 AND "createdAt" < $2::timestamp(3)
     AND status::text NOT IN ${UNFINISHED}
     AND "outputsClearedAt" IS NULL
   LIMIT $4::int
   FOR UPDATE SKIP LOCKED)`;

/** Deletes one batch of Delivery rows (requests that made no run) received before $2 (age) or
 *  beyond the newest $3 + 1. */
export const DELETE_DELIVERIES = `
DELETE FROM "Delivery" WHERE id IN (
  SELECT id FROM "Delivery"
   WHERE "workflowId" = $1
     AND ("receivedAt", id) < ${boundary(`"Delivery"`, `"receivedAt"`)}
   LIMIT $4::int
   FOR UPDATE SKIP LOCKED)`;
