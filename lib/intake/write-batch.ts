// One group-commit write: every accepted delivery's run (which records the delivery: endpoint,
// size, content type), its run-execute job and the delivery-log row of every request that made
// no run, committed atomically by ONE prepared statement — one round trip, one implicit
// transaction, parsed and planned once per connection. The rows travel as one JSON document
// parameter, read as json (not jsonb): each trigger's text goes into Run.trigger as the sender
// wrote it, keys in their order.
//
// The job rows are written by this statement, not by boss.insert(): pg-boss's insert is a
// statement of its own, so using it meant a second round trip inside BEGIN … COMMIT, or (as
// before) the whole batch inlined as a literal into a multi-statement query, which PostgreSQL
// had to parse and plan again for every batch: ~30 % more database time per delivery,
// measured at batches of 24–64. The columns and defaults are those pg-boss 12.35's insertJobs
// gives a plain job (no singleton, group, delay or dependency), read from the queue's row like
// it does. Its NOTIFY is not here but sent after the commit (wake-workers.ts explains why).
// tests/integration/intake-job-row.test.ts compares a job written here with one written by
// boss.insert() column by column, so an upgrade of pg-boss that changes them fails there, not
// in production.
import type pg from "pg";
import { uuidv7 } from "@/lib/db/uuid-v7";
import { BOSS_SCHEMA } from "@/lib/jobs/boss";
import { QUEUES } from "@/lib/jobs/queues";

export type DeliveryOutcome = "accepted" | "not_published" | "invalid_signature" | "too_large" | "invalid_json" | "bad_encoding" | "rotated_url";

export type DeliveryRecord = {
  workflowId: string;
  endpointId: string;
  outcome: DeliveryOutcome;
  size: number;
  contentType: string | null;
  /** A refusal's cause for the log (why a signature failed); accepted deliveries carry none. */
  reason?: string;
};

/** What one request asks the batch to store. `none` (unknown token) stores nothing but still waits for a commit. */
export type BatchEntry =
  | { kind: "run"; delivery: DeliveryRecord; workspaceId: string; trigger: string }
  | { kind: "record"; delivery: DeliveryRecord }
  | { kind: "none" };

export type WriteResult = { runId?: string };

/** pg-boss's job table of the run-execute queue (`job_common` unless the queue is partitioned). */
export type JobTable = string;

const QUEUE = QUEUES.runExecute.name;

// No ON CONFLICT on the jobs: a job that could not be inserted must fail the whole batch, so
// no 202 is ever answered for a run without its job.
const sql = (jobTable: JobTable) => `
WITH input AS (
  SELECT * FROM json_to_recordset($1::json)
    AS x(id text, run text, job uuid, wf text, ws text, trig json, ep text, outcome "DeliveryOutcome", size int, ct text, reason text)
), runs AS (
  INSERT INTO "Run" (id, "workflowId", "workspaceId", status, test, trigger, "deliveryEndpointId", "deliverySize", "deliveryContentType")
  SELECT run, wf, ws, 'queued', false, trig, ep, size, ct FROM input WHERE run IS NOT NULL
), deliveries AS (
  INSERT INTO "Delivery" (id, "workflowId", "endpointId", outcome, size, "contentType", reason)
  SELECT id, wf, ep, outcome, size, ct, reason FROM input WHERE run IS NULL
), jobs AS (
  INSERT INTO ${BOSS_SCHEMA}.${jobTable} (
    id, name, data, priority, start_after, created_on, singleton_key, singleton_on, group_id, group_tier,
    expire_seconds, deletion_seconds, keep_until, retry_limit, retry_delay, retry_backoff, retry_delay_max,
    policy, dead_letter, heartbeat_seconds, blocked, blocking, pending_dependencies)
  SELECT i.job, q.name, jsonb_build_object('runId', i.run), 0, ${BOSS_SCHEMA}.job_now(), ${BOSS_SCHEMA}.job_now(),
         NULL, NULL, NULL, NULL,
         q.expire_seconds, q.deletion_seconds, ${BOSS_SCHEMA}.job_now() + q.retention_seconds * interval '1s',
         q.retry_limit, q.retry_delay, COALESCE(q.retry_backoff, false), q.retry_delay_max,
         q.policy, q.dead_letter, q.heartbeat_seconds, false, false, 0
    FROM input i JOIN ${BOSS_SCHEMA}.queue q ON q.name = '${QUEUE}'
   WHERE i.run IS NOT NULL
)
SELECT 1`;

/** The job table of the run-execute queue, as pg-boss recorded it when the queue was created. */
export async function readJobTable(pool: pg.Pool): Promise<JobTable | null> {
  const { rows } = await pool.query<{ table_name: string }>(`SELECT table_name FROM ${BOSS_SCHEMA}.queue WHERE name = $1`, [QUEUE]);
  const table = rows[0]?.table_name;
  if (table !== undefined && !/^[a-z0-9_]+$/.test(table)) throw new Error(`unexpected pg-boss job table name: ${table}`);
  return table ?? null;
}

/**
 * Builds the rows document by concatenation: each trigger is already JSON text, embedded as is.
 * Ids are time-ordered (uuid-v7.ts): every row of a batch lands on the same b-tree pages.
 */
function rowsDocument(entries: readonly BatchEntry[]): { doc: string; results: WriteResult[] } {
  const parts: string[] = [];
  const results = entries.map((e): WriteResult => {
    if (e.kind === "none") return {};
    const d = e.delivery;
    const common = `"wf":${JSON.stringify(d.workflowId)},"ep":${JSON.stringify(d.endpointId)},"outcome":"${d.outcome}","size":${d.size},"ct":${JSON.stringify(d.contentType)}`;
    if (e.kind === "record") {
      parts.push(`{"id":"${uuidv7()}",${common}${d.reason ? `,"reason":${JSON.stringify(d.reason)}` : ""}}`);
      return {};
    }
    const runId = uuidv7();
    parts.push(`{"run":"${runId}","job":"${uuidv7()}","ws":${JSON.stringify(e.workspaceId)},${common},"trig":${e.trigger}}`);
    return { runId };
  });
  return { doc: `[${parts.join(",")}]`, results };
}

/**
 * Unknown tokens only make an empty document: the same statement with no rows, so it costs a
 * round trip like a real write and fails when real writes would (a 202 must not tell a token exists).
 */
export async function writeBatch(pool: pg.Pool, jobTable: JobTable, entries: readonly BatchEntry[]): Promise<WriteResult[]> {
  const { doc, results } = rowsDocument(entries);
  await pool.query({ name: `intake-write-${jobTable}`, text: sql(jobTable), values: [doc] });
  return results;
}
