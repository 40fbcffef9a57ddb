// The Conditions operator "was already seen" (seen_before) in a run: asks whether this workflow's
// live runs already got to such a rule with the id, and records it when not — in one statement,
// INSERT … ON CONFLICT on (workflowId, keyHash), so of two runs with one id at once exactly one
// finds it new (a SELECT then an INSERT would let both through). Test runs (Run step, Test &
// Debug, Run again: every run a person starts) only ask: a technician's testing must not make
// the first real delivery of an id read as a repeat. Run again replays a delivery: the record its
// own source run made is not a repeat for it (else a run that failed after the rule could never be
// run again past it), while one another run made still is.
import { db } from "@/lib/db/client";
import { findRerunSources } from "@/lib/runs/find-rerun-sources";
import { hashSeenKey } from "@/lib/runs/hash-seen-key";

export type SeenKeyAnswer =
  /** New within the window; `recorded` false in a test run, which records nothing. `rerunOf`:
   *  seen only by the run this one runs again (Run again), so not a repeat. */
  | { seen: false; recorded: boolean; rerunOf?: string }
  /** An earlier live run got to the rule with it at `firstAt`. */
  | { seen: true; firstAt: Date; firstRunId: string };

// timestamp(3) columns hold UTC; the database's clock, so workers with skewed clocks agree.
const NOW_UTC = `(now() AT TIME ZONE 'UTC')`;

export async function recordSeenKey(opts: { workflowId: string; runId: string; key: string; windowDays: number }): Promise<SeenKeyAnswer> {
  const { workflowId, runId, windowDays } = opts;
  const keyHash = hashSeenKey(opts.key);
  // The same run's own record (the step tried again, or executed again after its worker died)
  // is not a repeat; nor is one past its window — its stored expiry (the days of the rule that
  // recorded it: a window lengthened since does not extend it, and retention deletes it then) or
  // first seen + this rule's days, whichever is sooner (lib/seen-ids lists ids the same way) —
  // nor one made by the run this live run
  // starts again ("Run the stopped runs again" after a re-push, rerun-stopped-runs.ts: the same
  // delivery): each is taken over.
  for (let tries = 0; tries < 2; tries++) {
    const recorded = await db().$queryRawUnsafe<{ runId: string }[]>(
      `INSERT INTO "WorkflowSeenKey" ("workflowId", "keyHash", "runId", "seenAt", "expiresAt")
       SELECT $1, $2, r.id, ${NOW_UTC}, ${NOW_UTC} + make_interval(days => $3::int)
         FROM "Run" r WHERE r.id = $4 AND r."workflowId" = $1 AND NOT r.test
       ON CONFLICT ("workflowId", "keyHash") DO UPDATE
         SET "runId" = EXCLUDED."runId", "seenAt" = EXCLUDED."seenAt", "expiresAt" = EXCLUDED."expiresAt"
         WHERE "WorkflowSeenKey"."runId" = EXCLUDED."runId"
            OR "WorkflowSeenKey"."seenAt" <= EXCLUDED."seenAt" - make_interval(days => $3::int)
            OR "WorkflowSeenKey"."expiresAt" <= EXCLUDED."seenAt"
            OR EXISTS (SELECT 1 FROM "Run" s WHERE s.id = "WorkflowSeenKey"."runId" AND s."rerunRunId" = EXCLUDED."runId")
       RETURNING "runId"`,
      workflowId,
      keyHash,
      windowDays,
      runId,
    );
    if (recorded.length > 0) return { seen: false, recorded: true };
    const [found] = await db().$queryRawUnsafe<{ test: boolean; firstRunId: string | null; firstAt: Date | null }[]>(
      `SELECT r.test, k."runId" AS "firstRunId", k."seenAt" AS "firstAt"
         FROM "Run" r
         LEFT JOIN "WorkflowSeenKey" k ON k."workflowId" = $1 AND k."keyHash" = $2 AND k."seenAt" > ${NOW_UTC} - make_interval(days => $3::int) AND k."expiresAt" > ${NOW_UTC}
        WHERE r.id = $4`,
      workflowId,
      keyHash,
      windowDays,
      runId,
    );
    if (found?.firstRunId && found.firstAt && found.firstRunId !== runId) {
      if (found.test && (await findRerunSources(runId)).includes(found.firstRunId)) return { seen: false, recorded: false, rerunOf: found.firstRunId };
      return { seen: true, firstAt: found.firstAt, firstRunId: found.firstRunId };
    }
    // A test run, or a run whose workflow was deleted meanwhile: nothing is recorded. A live run
    // lands here only when retention deleted the row between the two statements: try again.
    if (!found || found.test) return { seen: false, recorded: false };
  }
  return { seen: false, recorded: false };
}
