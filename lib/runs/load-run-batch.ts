// Loads everything a batch of run-execute jobs needs in a handful of queries: the runs, the
// step records of runs being continued (a fresh run has none), their workflows' definitions
// (with whether a push awaits the client's review: same query) and the workspaces' variables
// and secrets.
import { db } from "@/lib/db/client";
import { mayLoseNumbers, parseExactJson } from "@/lib/json/parse-exact-json";
import type { RunState, RunStatus, RunWork, StepRecord, StepStatus } from "@/lib/runs/run-records";
import { loadWorkspaceFiles } from "@/lib/files/load-workspace-files";
import { loadWorkspaceValues } from "@/lib/variables/load-workspace-values";
import type { Step } from "@/lib/workflows/definition";
import { referencedFiles } from "@/lib/workflows/references";

export type LoadRunBatchOptions = { runIds: readonly string[] };

/** Runs that no longer exist (deleted with their workflow) are absent from the map. */
export async function loadRunBatch({ runIds }: LoadRunBatchOptions): Promise<Map<string, RunWork>> {
  // The trigger as text: parsed here, so that integers beyond double precision and numbers beyond
  // the double range can be kept as written for step 1's record (parse-exact-json.ts) while the
  // steps compute with numbers.
  const rows = await db().$queryRaw<(Omit<RunState, "trigger" | "triggerExact"> & { triggerText: string | null })[]>`
    SELECT id, "workflowId", "workspaceId", status::text AS status, test, scope, "targetStepId", trigger::text AS "triggerText"
    FROM "Run" WHERE id = ANY(${[...new Set(runIds)]}::text[])`;
  const runs = rows.map(({ triggerText, ...r }) => ({
    ...r,
    trigger: triggerText === null ? null : JSON.parse(triggerText),
    triggerExact: triggerText !== null && mayLoseNumbers(triggerText) ? parseExactJson(triggerText) : undefined,
  }));
  // A single-step test starts with the earlier steps' outputs already recorded, and so may any
  // test run: Run again from the failed step (rerun-run.ts) copies the steps before it. Only a
  // person starts a test run, so reading their (mostly absent) records costs the deliveries nothing.
  const continuing = runs.filter((r) => r.status === "running" || r.status === "waiting" || r.targetStepId || r.test).map((r) => r.id);
  const workflowIds = [...new Set(runs.map((r) => r.workflowId))];
  const [records, workflows, values] = await Promise.all([
    continuing.length
      ? db().runStep.findMany({
          where: { runId: { in: continuing } },
          select: { runId: true, stepId: true, number: true, kind: true, status: true, output: true, error: true, attempts: true },
        })
      : Promise.resolve([]),
    // A pushed copy whose latest push the client has not reviewed (WorkflowCopy.reviewedAt is
    // cleared by every push, set by the review's confirmation, required to go Live): its steps
    // are the provider's new ones, which no non-test run may execute (stop-unreviewed-run.ts).
    db().$queryRaw<{ id: string; stepsText: string; reviewOpen: boolean }[]>`
      SELECT w.id, w.steps::text AS "stepsText", (c.id IS NOT NULL AND c."reviewedAt" IS NULL) AS "reviewOpen"
      FROM "Workflow" w LEFT JOIN "WorkflowCopy" c ON c."copyWorkflowId" = w.id
      WHERE w.id = ANY(${workflowIds}::text[])`,
    loadWorkspaceValues({ workspaceIds: runs.map((r) => r.workspaceId) }),
  ]);
  const definitions = new Map(
    workflows.map((w) => {
      const steps: unknown = JSON.parse(w.stepsText);
      return [w.id, Array.isArray(steps) ? (steps as Step[]) : []];
    }),
  );
  const reviewOpen = new Set(workflows.filter((w) => w.reviewOpen).map((w) => w.id));
  const byRun = new Map<string, Map<string, StepRecord>>();
  for (const r of records) {
    const m = byRun.get(r.runId) ?? new Map<string, StepRecord>();
    m.set(r.stepId, { ...r, status: r.status as StepStatus });
    byRun.set(r.runId, m);
  }
  // Files are read only for workflows that reference some, once per workspace and workflow.
  const files = new Map<string, Record<string, string | null>>();
  const names = new Map([...definitions].map(([id, steps]) => [id, referencedFiles(steps)]));
  for (const r of runs) {
    const key = `${r.workspaceId}/${r.workflowId}`;
    const wanted = names.get(r.workflowId) ?? [];
    if (wanted.length > 0 && !files.has(key)) files.set(key, await loadWorkspaceFiles({ workspaceId: r.workspaceId, names: wanted }));
  }
  const out = new Map<string, RunWork>();
  for (const r of runs) {
    const run: RunState = { ...r, status: r.status as RunStatus };
    out.set(r.id, {
      run,
      steps: definitions.get(r.workflowId) ?? [],
      records: byRun.get(r.id) ?? new Map(),
      values: values.get(r.workspaceId) ?? { vars: {}, secrets: {} },
      files: files.get(`${r.workspaceId}/${r.workflowId}`) ?? {},
      ...(!r.test && reviewOpen.has(r.workflowId) ? { unreviewedPush: true } : {}),
    });
  }
  return out;
}
