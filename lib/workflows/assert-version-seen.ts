// An action on a workflow (Run step, Run whole workflow, Go live) may carry the version the caller
// last read, and the step id it means: it then acts only on that, so a colleague's save in between
// (a step deleted, its number now another step's, a GET turned DELETE) is not run or taken Live
// unseen. Without them the action acts on the stored workflow as before (scripts, the API). The
// 409 names who saved the version in the way, and when (version-saver.ts), as a refused save does.
import { conflict } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import type { Workflow } from "@/lib/generated/prisma/client.ts";
import { loadVersionSaver, saverName, type VersionSaver } from "@/lib/workflows/version-saver";
import { z } from "@/lib/z";

export const seenVersion = z.number().int().positive().optional();

/** The optional body of Go live, Unpublish and Generate a new URL (POST …/live, …/draft,
 *  …/webhook-url): the version the caller saw. */
export const goLiveInputSchema = z.strictObject({ version: seenVersion });

/** What the caller saw; each field optional. */
export type SeenWorkflow = { version?: number; stepId?: string };

type Stored = Pick<Workflow, "id" | "version" | "savedById" | "savedAt" | "savedVersion">;

export async function assertVersionSeen(stored: Stored, seen: SeenWorkflow, tx: Tx, step?: { id: string; number: number }): Promise<void> {
  const stale = seen.version !== undefined && seen.version !== stored.version;
  const moved = seen.stepId !== undefined && seen.stepId !== step?.id;
  if (!stale && !moved) return;
  const saver = await loadVersionSaver(stored, tx);
  const message = `${whatChanged(stored.version, seen, moved, step, saver)}; nothing was done: load the workflow, check it and try again`;
  throw conflict("workflow_changed", message, { currentVersion: stored.version, ...saver });
}

// Says what is actually wrong: a version never saved, a newer save, or (with the version right) a
// stepId that is not the step at that number — not "someone saved" when nobody did.
function whatChanged(current: number, seen: SeenWorkflow, moved: boolean, step: { id: string; number: number } | undefined, saver: VersionSaver): string {
  const meant = `stepId "${(seen.stepId ?? "").slice(0, 80)}"`;
  if (seen.version !== undefined && seen.version > current) {
    return `this workflow has no version ${seen.version}: it is at version ${current}`;
  }
  if (seen.version !== undefined && seen.version !== current) {
    const what = moved && step ? `step ${step.number} is no longer the step you meant` : moved ? "the step you meant is no longer there" : `it is at version ${current}`;
    const who = saver.savedAt ? `; ${saverName(saver)} saved version ${current} at ${saver.savedAt}` : "";
    return `someone saved a newer version of this workflow since you loaded version ${seen.version} (${what}${who})`;
  }
  return step
    ? `step ${step.number} of this workflow (version ${current}) is not the step you meant: its id is not ${meant}`
    : `the step you meant (${meant}) is not at that number in this workflow (version ${current})`;
}
