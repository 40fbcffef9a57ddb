// Makes the runs of every Live Scheduler workflow whose occurrences have come due: the worker
// calls it once a minute (the scheduler-tick pg-boss schedule, which fires once across all
// workers) and on a scheduler-fire job for one workflow. One pass reads the schedules, walks each
// from the occurrence it last handled (Workflow.scheduledThrough) to now (due-occurrences.ts) and
// writes the runs, their run-execute jobs and the advanced scheduledThrough in one transaction per
// chunk — so 300 schedules on the same minute start together, not one every two seconds.
//
// Duplicates are impossible: the workflows are locked for the pass (a second pass, or an edit
// changing the cron, waits), the walk starts after scheduledThrough, and Run.scheduledFor is
// unique per workflow (ON CONFLICT DO NOTHING). A workflow no longer Live makes no run, whatever
// fell due before it went Draft: Draft stops the schedule at once. A run's trigger output is
// {scheduledFor, firedAt}; firedAt is the database's clock, never before scheduledFor.
import { randomUUID } from "node:crypto";
import { fromPrisma, type PgBoss } from "pg-boss";
import { db, type Tx } from "@/lib/db/client";
import { QUEUES } from "@/lib/jobs/queues";
import { errorMessage, logger } from "@/lib/log";
import { dueOccurrences } from "@/lib/triggers/due-occurrences";
import { desiredSchedule } from "@/lib/triggers/sync-workflow-schedule";

const CHUNK = 500;
// Timestamps travel as ISO text: the columns are UTC wall time (timestamp without time zone).
const iso = (d: Date) => d.toISOString();

type Row = { id: string; workspaceId: string; mode: string; steps: unknown; scheduledThrough: Date | null };
export type FiredRun = { runId: string; workflowId: string; scheduledFor: Date };

export async function fireDueSchedules({ boss, workflowIds, now }: { boss: PgBoss; workflowIds?: string[]; now?: Date }): Promise<FiredRun[]> {
  const ids = await db().$queryRaw<{ id: string }[]>`
    SELECT id FROM "Workflow" WHERE mode = 'live' AND "triggerKind" = 'scheduler'
      AND (${workflowIds ?? null}::text[] IS NULL OR id = ANY(${workflowIds ?? null}::text[]))
    ORDER BY id`;
  const fired: FiredRun[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK).map((r) => r.id);
    fired.push(...(await db().$transaction((tx) => fireChunk({ boss, tx, ids: chunk, now }), { timeout: 60_000 })));
  }
  return fired;
}

async function fireChunk({ boss, tx, ids, now }: { boss: PgBoss; tx: Tx; ids: string[]; now?: Date }): Promise<FiredRun[]> {
  // Locked and re-read: mode and cron as they are now, not as the first read saw them.
  const rows = await tx.$queryRaw<Row[]>`
    SELECT id, "workspaceId", mode::text AS mode, steps, "scheduledThrough" FROM "Workflow"
    WHERE id = ANY(${ids}::text[]) ORDER BY id FOR NO KEY UPDATE`;
  const at = now ?? (await tx.$queryRaw<{ now: Date }[]>`SELECT now() AS now`)[0].now;
  const runs: { id: string; workflowId: string; workspaceId: string; scheduledFor: Date }[] = [];
  const advanced: string[] = [];
  for (const w of rows) {
    const schedule = desiredSchedule(w);
    if (!schedule) continue;
    if (!w.scheduledThrough) {
      advanced.push(w.id); // Live from before this column existed and never fired: from now on
      continue;
    }
    let due: Date[];
    try {
      due = dueOccurrences({ ...schedule, after: w.scheduledThrough, now: at });
    } catch (e) {
      // Refused at save; one unreadable row must not stop the others — but said, as such a
      // schedule makes no run at any check (a walk that threw once throws every minute).
      logger().error({ component: "scheduler", workflowId: w.id, err: errorMessage(e) }, "schedule not checked: no run made");
      continue;
    }
    if (due.length === 0) continue;
    advanced.push(w.id);
    for (const scheduledFor of due) runs.push({ id: randomUUID(), workflowId: w.id, workspaceId: w.workspaceId, scheduledFor });
  }
  if (advanced.length > 0) {
    // Through the latest occurrence handled (or now, for a row that had none yet).
    const through = new Map<string, Date>(advanced.map((id) => [id, at]));
    for (const r of runs) through.set(r.workflowId, r.scheduledFor);
    const keys = [...through.keys()];
    await tx.$executeRaw`
      UPDATE "Workflow" w SET "scheduledThrough" = v.through::timestamptz AT TIME ZONE 'UTC'
      FROM unnest(${keys}::text[], ${keys.map((k) => iso(through.get(k)!))}::text[]) AS v(id, through) WHERE w.id = v.id`;
  }
  if (runs.length === 0) return [];
  const firedAt = at.toISOString();
  const made = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO "Run" (id, "workflowId", "workspaceId", status, "scheduledFor", trigger)
    SELECT v.id, v.wf, v.ws, 'queued', v.sf::timestamptz AT TIME ZONE 'UTC', json_build_object('scheduledFor', v.sf, 'firedAt', ${firedAt}::text)
    FROM unnest(${runs.map((r) => r.id)}::text[], ${runs.map((r) => r.workflowId)}::text[], ${runs.map((r) => r.workspaceId)}::text[], ${runs.map((r) => iso(r.scheduledFor))}::text[]) AS v(id, wf, ws, sf)
    ON CONFLICT ("workflowId", "scheduledFor") DO NOTHING
    RETURNING id`;
  const madeIds = new Set(made.map((r) => r.id));
  const kept = runs.filter((r) => madeIds.has(r.id));
  if (kept.length > 0) await boss.insert(QUEUES.runExecute.name, kept.map((r) => ({ data: { runId: r.id } })), { db: fromPrisma(tx) });
  return kept.map((r) => ({ runId: r.id, workflowId: r.workflowId, scheduledFor: r.scheduledFor }));
}
