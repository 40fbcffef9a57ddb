// Registers or removes a workflow's pg-boss schedule: one per workflow (queue scheduler-fire,
// key = workflow id) while the workflow is Live with a Scheduler trigger, none otherwise.
// pg-boss evaluates schedules in every worker but sends each occurrence once. Idempotent.
// Called when a workflow changes mode; reconcileWorkflowSchedules repairs anything missed.
import type { PgBoss } from "pg-boss";
import { AppError } from "@/lib/api/errors";
import { producer } from "@/lib/jobs/boss";
import { QUEUES } from "@/lib/jobs/queues";
import { syncQueueOptions } from "@/lib/jobs/sync-queue-options";
import { schedulerConfig } from "@/lib/steps/catalog";
import { assertValidSchedule } from "@/lib/triggers/assert-valid-schedule";

export type ScheduledWorkflow = { id: string; mode: string; steps: unknown };

export type WorkflowSchedule = { cron: string; timezone: string } | null;

/** The schedule a workflow should have: its Scheduler trigger's, when Live. */
export function desiredSchedule(workflow: ScheduledWorkflow): WorkflowSchedule {
  const trigger = Array.isArray(workflow.steps) ? (workflow.steps[0] as { kind?: string; config?: unknown } | undefined) : undefined;
  if (workflow.mode !== "live" || trigger?.kind !== "scheduler") return null;
  const parsed = schedulerConfig.safeParse(trigger.config ?? {});
  return parsed.success ? { cron: parsed.data.cron, timezone: parsed.data.timezone } : null;
}

let queueReady: Promise<void> | undefined;

export async function syncWorkflowSchedule({ workflow, boss }: { workflow: ScheduledWorkflow; boss?: PgBoss }): Promise<WorkflowSchedule> {
  const b = boss ?? (await producer());
  const name = QUEUES.schedulerFire.name;
  const want = desiredSchedule(workflow);
  if (!want) {
    await b.unschedule(name, workflow.id);
    return null;
  }
  // The schedule row references its queue, which a fresh database may not have yet.
  queueReady ??= syncQueueOptions({ boss: b, queues: [QUEUES.schedulerFire] }).catch((e) => {
    queueReady = undefined;
    throw e;
  });
  assertValidSchedule(want.cron, want.timezone);
  await queueReady;
  try {
    // missed: "once": a firing that fell while no worker ran (a deploy at 02:00 on the 1st) is
    // sent once when workers are back, rather than skipped until next month.
    await b.schedule(name, want.cron, { workflowId: workflow.id }, { tz: want.timezone, key: workflow.id, missed: "once" });
  } catch (e) {
    throw new AppError(400, "invalid_schedule", `step 1 (Scheduler): ${e instanceof Error ? e.message : String(e)}`, { step: 1, field: "cron" });
  }
  return want;
}
