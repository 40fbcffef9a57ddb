// A workflow's schedule: the Scheduler trigger's cron and time zone while the workflow is Live,
// none otherwise. Nothing is registered per workflow: the worker's per-minute check
// (fire-due-schedules.ts) reads every Live schedule from the workflows themselves, so a change
// (go Live, Draft, a new cron, delete) applies at the next check with nothing to sync or remove.
// What a change must record is when the new schedule took effect (Workflow.scheduledThrough),
// in the transaction that makes it: the check runs occurrences after it only, so a new cron
// never makes a run for a minute from before it was saved.
import type { Tx } from "@/lib/db/client";
import { schedulerConfig } from "@/lib/steps/catalog";

export type ScheduledWorkflow = { id: string; mode: string; steps: unknown };

export type WorkflowSchedule = { cron: string; timezone: string } | null;

/** The schedule a workflow should have: its Scheduler trigger's, when Live. */
export function desiredSchedule(workflow: ScheduledWorkflow): WorkflowSchedule {
  const trigger = Array.isArray(workflow.steps) ? (workflow.steps[0] as { kind?: string; config?: unknown } | undefined) : undefined;
  if (workflow.mode !== "live" || trigger?.kind !== "scheduler") return null;
  const parsed = schedulerConfig.safeParse(trigger.config ?? {});
  return parsed.success ? { cron: parsed.data.cron, timezone: parsed.data.timezone } : null;
}

/** After a write that may change the schedule (`before` → `workflow`, same transaction): a
 *  schedule that starts or changes counts its occurrences from now. */
export async function syncWorkflowSchedule({ before, workflow, tx }: { before: ScheduledWorkflow | null; workflow: ScheduledWorkflow; tx: Tx }): Promise<void> {
  const want = desiredSchedule(workflow);
  const had = before && desiredSchedule(before);
  if (want && (!had || had.cron !== want.cron || had.timezone !== want.timezone)) {
    await tx.$executeRaw`UPDATE "Workflow" SET "scheduledThrough" = now() AT TIME ZONE 'UTC' WHERE id = ${workflow.id}`;
  }
}
