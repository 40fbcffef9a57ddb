// The failure-alert job (queue failure-alert): a live run ended failed, so its workspace's webhook
// gets one message, unless the workflow already alerted within FAILURE_ALERT_WINDOW_SECONDS (the
// storm guard); then the failure is counted, and the next alert says "and N more failures since".
// An endpoint that does not take it throws, so pg-boss tries again with backoff.
import type { Job } from "pg-boss";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { failureAlertPayload } from "@/lib/jobs/queues";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { plural } from "@/lib/plural";
import { stepLabel } from "@/lib/steps/step-label";
import type { Step } from "@/lib/workflows/definition";
import { postFailureAlert } from "./post-failure-alert";

/** How many failures the storm guard kept quiet before this one, or null: stay quiet now. */
async function claimAlert(workflowId: string, runId: string): Promise<number | null> {
  const now = new Date();
  const windowMs = env().FAILURE_ALERT_WINDOW_SECONDS * 1000;
  return db().$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ sentAt: Date; sentRunId: string; sentSuppressed: number; suppressed: number }[]>(
      Prisma.sql`SELECT "sentAt", "sentRunId", "sentSuppressed", "suppressed" FROM "FailureAlertWindow" WHERE "workflowId" = ${workflowId} FOR UPDATE`,
    );
    const row = rows[0];
    if (!row) {
      // Two first failures at once: one insert loses on the key and its job is retried, then counted.
      await tx.failureAlertWindow.create({ data: { workflowId, sentAt: now, sentRunId: runId } });
      return 0;
    }
    if (row.sentRunId === runId) return row.sentSuppressed; // this job's earlier attempt: send it again
    if (now.getTime() - row.sentAt.getTime() < windowMs) {
      await tx.failureAlertWindow.update({ where: { workflowId }, data: { suppressed: { increment: 1 } } });
      return null;
    }
    await tx.failureAlertWindow.update({ where: { workflowId }, data: { sentAt: now, sentRunId: runId, sentSuppressed: row.suppressed, suppressed: 0 } });
    return row.suppressed;
  });
}

export async function sendFailureAlert(runId: string): Promise<void> {
  const run = await db().run.findUnique({
    where: { id: runId },
    select: { id: true, status: true, test: true, error: true, workspaceId: true, workflowId: true, workflow: { select: { name: true, steps: true, workspace: { select: { name: true } } } } },
  });
  if (!run || run.test || run.status !== "failed") return;
  const setting = await db().failureAlertSetting.findUnique({ where: { workspaceId: run.workspaceId } });
  if (!setting?.enabled) return;
  const quietBefore = await claimAlert(run.workflowId, run.id);
  if (quietBefore === null) return;

  const record = await db().runStep.findFirst({ where: { runId, status: "failed" }, orderBy: { number: "desc" }, select: { stepId: true, number: true, kind: true } });
  const steps = (run.workflow.steps ?? []) as Step[];
  const step = record ? steps.find((s) => s.id === record.stepId) : undefined;
  const label = record && step ? stepLabel(step, record.number) : null;
  // The run's error is stored with secret values masked (execute-run.ts); step outputs are never sent.
  const full = run.error ?? "failed";
  const error = label && full.startsWith(`${label}: `) ? full.slice(label.length + 2) : full;
  const more = quietBefore > 0 ? ` (and ${plural(quietBefore, "more failure")} since)` : "";
  const where = label ? ` at ${label}` : "";
  const body = {
    text: `${run.workflow.name} failed${where}: ${error.slice(0, 300)}${more}`,
    workspace: run.workflow.workspace.name,
    workflow: run.workflow.name,
    runId: run.id,
    failedStep: record ? { number: record.number, kind: record.kind, name: step?.name ?? null } : null,
    error,
    // The Runs page searched for this run's id (its q), which lists it alone.
    url: `${env().PUBLIC_URL}/w/${run.workspaceId}/runs?q=${run.id}`,
  };
  const outcome = await postFailureAlert(setting, body);
  if (!outcome.sent) throw new Error(`failure alert not delivered: ${outcome.error ?? "no answer"}`);
}

export async function handleFailureAlertJobs(jobs: Job<unknown>[]): Promise<void> {
  for (const job of jobs) await sendFailureAlert(failureAlertPayload.parse(job.data).runId);
}
