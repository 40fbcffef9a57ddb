// An action on a workflow (Run step, Run whole workflow, Go live) may carry the version the caller
// last read, and the step id it means: it then acts only on that, so a colleague's save in between
// (a step deleted, its number now another step's, a GET turned DELETE) is not run or taken Live
// unseen. Without them the action acts on the stored workflow as before (scripts, the API).
import { conflict } from "@/lib/api/errors";
import { z } from "@/lib/z";

export const seenVersion = z.number().int().positive().optional();

/** Go live's and Unpublish's optional body (POST …/live, …/draft): the version the caller saw. */
export const goLiveInputSchema = z.strictObject({ version: seenVersion });

/** What the caller saw; each field optional. */
export type SeenWorkflow = { version?: number; stepId?: string };

export function assertVersionSeen(stored: { version: number }, seen: SeenWorkflow, step?: { id: string; number: number }): void {
  const stale = seen.version !== undefined && seen.version !== stored.version;
  const moved = seen.stepId !== undefined && seen.stepId !== step?.id;
  if (!stale && !moved) return;
  throw conflict("workflow_changed", `${whatChanged(stored.version, seen, moved, step)}; nothing was done: load the workflow, check it and try again`, { currentVersion: stored.version });
}

// Says what is actually wrong: a version never saved, a newer save, or (with the version right) a
// stepId that is not the step at that number — not "someone saved" when nobody did.
function whatChanged(current: number, seen: SeenWorkflow, moved: boolean, step?: { id: string; number: number }): string {
  const meant = `stepId "${(seen.stepId ?? "").slice(0, 80)}"`;
  if (seen.version !== undefined && seen.version > current) {
    return `this workflow has no version ${seen.version}: it is at version ${current}`;
  }
  if (seen.version !== undefined && seen.version !== current) {
    const what = moved && step ? `step ${step.number} is no longer the step you meant` : moved ? "the step you meant is no longer there" : `it is at version ${current}`;
    return `someone saved a newer version of this workflow since you loaded version ${seen.version} (${what})`;
  }
  return step
    ? `step ${step.number} of this workflow (version ${current}) is not the step you meant: its id is not ${meant}`
    : `the step you meant (${meant}) is not at that number in this workflow (version ${current})`;
}
