// One group-commit write: every accepted delivery's run, its run-execute job and every
// delivery-log row of the batch, committed atomically in ONE round trip. PostgreSQL runs a
// multi-statement simple query as a single implicit transaction, so the batch is sent as
//   <runs + deliveries from one JSON document>; <pg-boss's own job insert>
// On a loaded 2-core machine every round trip costs milliseconds, and BEGIN / insert / jobs /
// COMMIT as four round trips capped throughput far below the target.
// The job statement is pg-boss's: boss.insert(name, jobs, { db }) runs with an IDatabase that
// captures its SQL instead of executing it, and its one parameter is inlined as a literal
// (pg-boss does the same for flows). Should pg-boss's statement ever take other parameters,
// the batch falls back to an explicit BEGIN … COMMIT on one client running it as captured.
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { PgBoss } from "pg-boss";
import { QUEUES } from "@/lib/jobs/queues";

export type DeliveryOutcome = "accepted" | "not_published" | "invalid_signature" | "too_large" | "invalid_json" | "rotated_url";

export type DeliveryRecord = {
  workflowId: string;
  endpointId: string;
  outcome: DeliveryOutcome;
  size: number;
  contentType: string | null;
};

/** What one request asks the batch to store. `none` (unknown token) stores nothing but still waits for a commit. */
export type BatchEntry =
  | { kind: "run"; delivery: DeliveryRecord; workspaceId: string; trigger: string }
  | { kind: "record"; delivery: DeliveryRecord }
  | { kind: "none" };

export type WriteResult = { runId?: string };

// The Delivery foreign key to Run is checked at the end of the statement, after the runs CTE.
const ROWS_SQL = (doc: string) => `
WITH input AS (
  SELECT * FROM jsonb_to_recordset(${doc}::jsonb)
    AS x(run text, wf text, ws text, trig jsonb, ep text, outcome "DeliveryOutcome", size int, ct text)
), runs AS (
  INSERT INTO "Run" (id, "workflowId", "workspaceId", status, test, trigger)
  SELECT run, wf, ws, 'queued', false, trig FROM input WHERE run IS NOT NULL
)
INSERT INTO "Delivery" ("workflowId", "endpointId", outcome, size, "contentType", "runId")
SELECT wf, ep, outcome, size, ct, run FROM input`;

type Sql = { text: string; values?: unknown[] };

/** Builds the rows document by concatenation: each trigger is already JSON text, embedded as is. */
function rowsDocument(entries: readonly BatchEntry[]): { doc: string | null; results: WriteResult[]; runIds: string[] } {
  const parts: string[] = [];
  const runIds: string[] = [];
  const results = entries.map((e): WriteResult => {
    if (e.kind === "none") return {};
    const d = e.delivery;
    const common = `"wf":${JSON.stringify(d.workflowId)},"ep":${JSON.stringify(d.endpointId)},"outcome":"${d.outcome}","size":${d.size},"ct":${JSON.stringify(d.contentType)}`;
    if (e.kind === "record") {
      parts.push(`{${common}}`);
      return {};
    }
    const runId = randomUUID();
    runIds.push(runId);
    parts.push(`{"run":"${runId}","ws":${JSON.stringify(e.workspaceId)},${common},"trig":${e.trigger}}`);
    return { runId };
  });
  return { doc: parts.length ? `[${parts.join(",")}]` : null, results, runIds };
}

async function jobStatement(boss: PgBoss, runIds: string[]): Promise<Sql> {
  let captured: Sql | undefined;
  const capture = {
    executeSql: async (text: string, values?: unknown[]) => {
      if (captured) throw new Error("pg-boss insert issued more than one statement");
      captured = { text, values };
      return { rows: [] };
    },
  };
  await boss.insert(QUEUES.runExecute.name, runIds.map((runId) => ({ data: { runId } })), { db: capture });
  if (!captured) throw new Error("pg-boss insert issued no statement");
  return captured;
}

/**
 * A string literal that reads the same whatever standard_conforming_strings is: the E'' form,
 * with backslashes and quotes doubled. Two native replaces instead of pg's per-character loop,
 * which showed in profiles with ~30 KB batches.
 */
export function sqlLiteral(s: string): string {
  return `E'${s.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/** The statement with its single text parameter written in as a literal, or null when it has other parameters. */
function inline({ text, values }: Sql): string | null {
  if (!values || values.length !== 1 || typeof values[0] !== "string" || /\$(?:[02-9]|1\d)/.test(text)) return null;
  const literal = sqlLiteral(values[0]);
  return text.replace(/\$1(?!\d)/g, () => literal); // a function, so "$&" in the data stays data
}

export async function writeBatch(pool: pg.Pool, boss: PgBoss, entries: readonly BatchEntry[]): Promise<WriteResult[]> {
  const { doc, results, runIds } = rowsDocument(entries);
  if (!doc) {
    // Unknown tokens only: the same statement with no rows, so it costs a round trip like a
    // real write and fails when real writes would (a 202 must not tell a token exists).
    await pool.query(ROWS_SQL(sqlLiteral("[]")));
    return results;
  }
  const rows = ROWS_SQL(sqlLiteral(doc));
  const jobs = runIds.length > 0 ? await jobStatement(boss, runIds) : null;
  const jobsInline = jobs ? inline(jobs) : "";
  if (jobsInline !== null) {
    await pool.query(jobsInline ? `${rows};\n${jobsInline}` : rows);
    return results;
  }
  await explicitTransaction(pool, rows, jobs!);
  return results;
}

async function explicitTransaction(pool: pg.Pool, rows: string, jobs: Sql): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("BEGIN");
    await client.query(rows);
    await client.query(jobs.text, jobs.values);
    await client.query("COMMIT");
  } catch (e) {
    await client.query("ROLLBACK").catch((re: Error) => {
      broken = re; // the connection itself failed: do not hand it back to the pool
    });
    throw e;
  } finally {
    client.release(broken);
  }
}
