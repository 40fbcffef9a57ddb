// What a workflow needs to be Live: a sound definition (the save rules, re-checked because
// rules may have grown since it was saved) and a trigger as step 1. A Draft may lack a trigger.
import { conflict } from "@/lib/api/errors";
import { isTriggerKind } from "@/lib/steps/catalog";
import type { Step } from "@/lib/workflows/definition";
import { validateDefinition } from "@/lib/workflows/validate-definition";

export function assertLiveReady(steps: readonly Step[]): void {
  validateDefinition(steps);
  if (!steps[0] || !isTriggerKind(steps[0].kind)) {
    throw conflict("trigger_required", "a Live workflow needs a trigger (Webhook or Scheduler) as step 1; add one, or keep the workflow in Draft");
  }
}
