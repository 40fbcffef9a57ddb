// The log lines a step's record holds, for a step that is attempted again: earlier attempts'
// lines stay above the new attempt's, so the history of a retried step can be read. Loaded only
// then (the batch loader leaves logs out: most records never need them).
import { db } from "@/lib/db/client";

export async function loadStepLogs({ runId, stepId }: { runId: string; stepId: string }): Promise<string[]> {
  const row = await db().runStep.findUnique({ where: { runId_stepId: { runId, stepId } }, select: { logs: true } });
  return Array.isArray(row?.logs) ? row.logs.map(String) : [];
}
