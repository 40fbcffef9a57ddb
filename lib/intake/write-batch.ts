// One group-commit transaction: every accepted delivery's run, its run-execute job and every
// delivery-log row of the batch, committed together. Runs and log rows go in with a single
// unnest() statement; the jobs through pg-boss's own insert over the same connection, so a job
// exists exactly when its run does.
import { randomUUID } from "node:crypto";
import type pg from "pg";
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

// Run and Delivery in one statement: the Delivery foreign key to Run is checked at the end of
// the statement, after the runs CTE has inserted its rows.
const SQL = `
WITH runs AS (
  INSERT INTO "Run" (id, "workflowId", "workspaceId", status, test, trigger)
  SELECT r.id, r.wf, r.ws, 'queued', false, r.trig::jsonb
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS r(id, wf, ws, trig)
)
INSERT INTO "Delivery" ("workflowId", "endpointId", outcome, size, "contentType", "runId")
SELECT * FROM unnest($5::text[], $6::text[], $7::"DeliveryOutcome"[], $8::int[], $9::text[], $10::text[])`;

export async function writeBatch(pool: pg.Pool, boss: PgBoss, entries: readonly BatchEntry[]): Promise<WriteResult[]> {
  const run = { id: [] as string[], wf: [] as string[], ws: [] as string[], trig: [] as string[] };
  const del = { wf: [] as string[], ep: [] as string[], outcome: [] as string[], size: [] as number[], ct: [] as (string | null)[], run: [] as (string | null)[] };
  const results: WriteResult[] = entries.map((e) => {
    if (e.kind === "none") return {};
    let runId: string | null = null;
    if (e.kind === "run") {
      runId = randomUUID();
      run.id.push(runId);
      run.wf.push(e.delivery.workflowId);
      run.ws.push(e.workspaceId);
      run.trig.push(e.trigger);
    }
    const d = e.delivery;
    del.wf.push(d.workflowId);
    del.ep.push(d.endpointId);
    del.outcome.push(d.outcome);
    del.size.push(d.size);
    del.ct.push(d.contentType);
    del.run.push(runId);
    return runId ? { runId } : {};
  });

  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("BEGIN");
    if (del.wf.length > 0) {
      await client.query({
        name: "intake-write",
        text: SQL,
        values: [run.id, run.wf, run.ws, run.trig, del.wf, del.ep, del.outcome, del.size, del.ct, del.run],
      });
    }
    if (run.id.length > 0) {
      const db = { executeSql: (text: string, values?: unknown[]) => client.query(text, values) };
      await boss.insert(QUEUES.runExecute.name, run.id.map((runId) => ({ data: { runId } })), { db });
    }
    await client.query("COMMIT");
    return results;
  } catch (e) {
    await client.query("ROLLBACK").catch((re: Error) => {
      broken = re; // the connection itself failed: do not hand it back to the pool
    });
    throw e;
  } finally {
    client.release(broken);
  }
}
