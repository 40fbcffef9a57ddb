// The runs a run runs again: Run again (rerun-run.ts) records no link on the new run, but its
// audit event (`run_rerun`, {runId, sourceRunId}) is written in the same transaction, so it is
// the record of it (the stopped-by-push migration reads it so too). Walked back through a Run
// again of a Run again. Read by "was already seen" for test runs only, on an id already seen.
import { db } from "@/lib/db/client";

const MAX_DEPTH = 10;

/** The run this run runs again, that one's source, and so on (nearest first); [] for none. */
export async function findRerunSources(runId: string): Promise<string[]> {
  const sources: string[] = [];
  let id = runId;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    // The event is looked for around the run's creation, through the (workspaceId, createdAt)
    // index: a day either side covers any clock skew between the writers of the two rows.
    const [row] = await db().$queryRaw<{ source: string | null }[]>`
      SELECT e.details->>'sourceRunId' AS source
        FROM "Run" r
        JOIN "AuditEvent" e ON e."workspaceId" = r."workspaceId" AND e.action = 'run_rerun'
         AND e."createdAt" BETWEEN r."createdAt" - interval '1 day' AND r."createdAt" + interval '1 day'
         AND e.details->>'runId' = r.id
       WHERE r.id = ${id} AND r.test
       LIMIT 1`;
    if (!row?.source || sources.includes(row.source)) return sources;
    sources.push(row.source);
    id = row.source;
  }
  return sources;
}
