// An action on a workflow (Run step, Run whole workflow, Go live) may carry the version the caller
// last read, and the step id it means: it then acts only on that, so a colleague's save in between
// (a step deleted, its number now another step's, a GET turned DELETE) is not run or taken Live
// unseen. Without them the action acts on the stored workflow as before (scripts, the API).
import { conflict } from "@/lib/api/errors";
import { z } from "@/lib/z";

export const seenVersion = z.number().int().positive().optional();

/** Go live's optional body (POST …/live): the version the caller saw. */
export const goLiveInputSchema = z.strictObject({ version: seenVersion });

/** What the caller saw; each field optional. */
export type SeenWorkflow = { version?: number; stepId?: string };

export function assertVersionSeen(stored: { version: number }, seen: SeenWorkflow, step?: { id: string; number: number }): void {
  const stale = seen.version !== undefined && seen.version !== stored.version;
  const moved = seen.stepId !== undefined && seen.stepId !== step?.id;
  if (!stale && !moved) return;
  const what = moved && step ? `step ${step.number} is no longer the step you meant` : moved ? "the step you meant is no longer there" : `it is at version ${stored.version}`;
  throw conflict(
    "workflow_changed",
    `someone saved a newer version of this workflow since you loaded ${seen.version !== undefined ? `version ${seen.version}` : "it"} (${what}); nothing was done: load the newer version, check it and try again`,
    { currentVersion: stored.version },
  );
}
