// A workflow's runs, newest first, for the Executions list (detail: getRun).
import { db, type Tx } from "@/lib/db/client";
import { runTimesIso } from "@/lib/runs/run-times-iso";
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
};

export type ListRunsOptions = { workflowId: string; userId: string; limit: number; tx?: Tx };

export async function listRuns({ workflowId, userId, limit, tx }: ListRunsOptions): Promise<{ runs: RunSummary[] }> {
  await loadWorkflow({ workflowId, userId, role: "viewer", tx });
  const rows = await (tx ?? db()).run.findMany({
    where: { workflowId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { id: true, status: true, test: true, scope: true, createdAt: true, startedAt: true, finishedAt: true, error: true },
  });
  return {
    runs: rows.map(runTimesIso),
  };
}
