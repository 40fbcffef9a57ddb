// What a workflow needs to be Live: a sound definition (the save rules, re-checked because
// rules may have grown since it was saved), a trigger as step 1 (a schedule's values in range),
// and every step filled in, with no reference to a step another branch runs (branch-references.ts).
// A Draft may lack a trigger and hold unfinished steps (lib/steps/find-missing-fields.ts).
import { conflict } from "@/lib/api/errors";
import { findMissingFields } from "@/lib/steps/find-missing-fields";
import { STEP_CATALOG, isTriggerKind, schedulerConfig } from "@/lib/steps/catalog";
import { assertValidSchedule } from "@/lib/triggers/assert-valid-schedule";
import type { Step } from "@/lib/workflows/definition";
import { findBranchReferenceErrors } from "@/lib/workflows/branch-references";
import { validateDefinition } from "@/lib/workflows/validate-definition";

export function assertLiveReady(steps: readonly Step[]): void {
  validateDefinition(steps);
  if (!steps[0] || !isTriggerKind(steps[0].kind)) {
    throw conflict("trigger_required", "a Live workflow needs a trigger (Webhook or Scheduler) as step 1; add one, or keep the workflow in Draft");
  }
  const trigger = steps[0];
  if (trigger.kind === "scheduler") {
    const parsed = schedulerConfig.safeParse(trigger.config);
    if (parsed.success) assertValidSchedule(parsed.data.cron, parsed.data.timezone);
  }
  for (const [i, step] of steps.entries()) {
    const [missing] = findMissingFields(step.kind, step.config);
    if (!missing) continue;
    throw conflict(
      "step_incomplete",
      `step ${i + 1} (${STEP_CATALOG[step.kind].label}): ${missing.message}; fill it in, or keep the workflow in Draft`,
      { step: i + 1, stepId: step.id, field: missing.field },
    );
  }
  // A reference to a step on another branch (or one no run reaches) reads nothing on every run.
  const [unreadable] = findBranchReferenceErrors(steps);
  if (unreadable) {
    const step = steps[unreadable.step - 1];
    throw conflict(
      "step_incomplete",
      `step ${unreadable.step} (${STEP_CATALOG[step.kind].label}): ${unreadable.message}; change the reference, or keep the workflow in Draft`,
      { step: unreadable.step, stepId: unreadable.stepId, field: unreadable.field },
    );
  }
}
