// A workflow's runs, newest first, for the Executions list (detail: getRun). Older pages
// continue from `before`, the cursor the deliveries log and the audit log use
// (lib/workflows/deliveries-cursor.ts): time, then id, both descending. With `stepId`, only the
// runs that reached that step: a step taken by few runs (a rare Conditions branch) is found
// however many runs went the other way since; each run then carries that step's record without
// its output or logs (`step`), which is all a collapsed entry of Executions shows: the entries
// are read from this page alone, and a run's detail (GET /runs/{id}, with every output) is
// fetched only for the one opened — six 4 MB runs were fetched for entries nobody had opened.
import { db, type Tx } from "@/lib/db/client";
import { runTimesIso } from "@/lib/runs/run-times-iso";
import { deliveriesCursorAfter, type DeliveriesCursor } from "@/lib/workflows/deliveries-cursor";
import { loadWorkflow } from "@/lib/workflows/load-workflow";

export type RunSummary = {
  id: string;
  status: string;
  test: boolean;
  scope: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
  /** A single-step test: the step it ran (null: the trigger's, or every step). */
  targetStepId: string | null;
  /** With `stepId`: that step's record in the run, without output and logs. */
  step?: StepSummary | null;
};

export type StepSummary = { stepId: string; number: number; status: string; error: string | null; unresolved: unknown };

export type ListRunsOptions = { workflowId: string; userId: string; limit: number; before?: DeliveriesCursor | null; stepId?: string | null; tx?: Tx };

/** A step record in these states means the run reached the step (skipped and pending do not). */
const REACHED = ["running", "waiting", "succeeded", "failed"] as const;

/** Runs that executed the step: a single-step test of another step holds copies of earlier
 *  steps' outputs, which that test did not execute. */
const reached = (stepId: string | null) =>
  !stepId ? {} : { steps: { some: { stepId, status: { in: [...REACHED] } } }, AND: [{ OR: [{ targetStepId: null }, { targetStepId: stepId }] }] };

/** Runs strictly after the cursor in the list's order; the (workflowId, createdAt) index serves the time range. */
const olderThan = (before: DeliveriesCursor | null) =>
  !before ? {} : before.id === null ? { createdAt: { lt: before.at } } : { createdAt: { lte: before.at }, OR: [{ createdAt: { lt: before.at } }, { id: { lt: before.id } }] };

export async function listRuns({ workflowId, userId, limit, before = null, stepId = null, tx }: ListRunsOptions): Promise<{ runs: RunSummary[]; nextBefore: string | null }> {
  await loadWorkflow({ workflowId, userId, role: "viewer", tx });
  // One row more than the page says whether an older page exists.
  const read = await (tx ?? db()).run.findMany({
    where: { workflowId, ...olderThan(before), ...reached(stepId) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: {
      id: true,
      status: true,
      test: true,
      scope: true,
      createdAt: true,
      startedAt: true,
      finishedAt: true,
      error: true,
      targetStepId: true,
      ...(stepId ? { steps: { where: { stepId }, select: { stepId: true, number: true, status: true, error: true, unresolved: true } } } : {}),
    },
  });
  const rows = read.slice(0, limit);
  const last = rows[rows.length - 1];
  return {
    runs: rows.map(({ steps, ...row }: (typeof rows)[number] & { steps?: StepSummary[] }) => ({ ...runTimesIso(row), ...(stepId ? { step: steps?.[0] ?? null } : {}) })),
    nextBefore: read.length > limit && last ? deliveriesCursorAfter({ receivedAt: last.createdAt, id: last.id }) : null,
  };
}
