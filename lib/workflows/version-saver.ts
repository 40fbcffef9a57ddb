// Who saved the workflow's current version, and when: what a save or an action refused for a newer
// save (409 version_conflict / workflow_changed) and the editor's conflict banner say — "Alex Smith
// (alex@…) saved a newer version 2 minutes ago" — instead of only "someone". Recorded by each save
// of the definition (`savedFields`), by a push into a client's copy (the technician who pushed) and
// by the client review's actions that change the copy (the client's user). A version recorded by a
// push also says whose workspace it came from (`pushedFrom`), so the client's banner says "Alex Smith
// (alex@…) of Acme MSP pushed a newer version" rather than that a colleague saved it. A version made
// before this was recorded names nobody rather than the wrong person.
import { db, type Tx } from "@/lib/db/client";
import type { Workflow } from "@/lib/generated/prisma/client.ts";

/** `savedBy` null: not known (saved before this was recorded, or the account is gone).
 *  `pushedFrom`: present when a push made the version — the provider workspace's name. */
export type VersionSaver = { savedBy: { name: string; email: string } | null; savedAt: string | null; pushedFrom?: string };

/** The columns a save of the definition writes beside its new `version`. A push passes its own
 *  `pushedAt` as `at`: the same instant on the copy's link is what tells a push's version. */
export const savedFields = (userId: string, version: number, at: Date = new Date()) => ({ savedById: userId, savedAt: at, savedVersion: version });

type Saved = Pick<Workflow, "id" | "version" | "savedById" | "savedAt" | "savedVersion">;

export async function loadVersionSaver(workflow: Saved, c: Tx | ReturnType<typeof db>): Promise<VersionSaver> {
  if (workflow.savedVersion !== workflow.version || !workflow.savedAt) return { savedBy: null, savedAt: null };
  const [user, pushedFrom] = await Promise.all([
    workflow.savedById ? c.user.findUnique({ where: { id: workflow.savedById }, select: { name: true, email: true } }) : null,
    pushedFromOf(workflow, c),
  ]);
  return { savedBy: user, savedAt: workflow.savedAt.toISOString(), ...(pushedFrom !== null && { pushedFrom }) };
}

// The copy's last push recorded this version when it has the version's saver and instant (a later
// save in the client's workspace, even by the same technician, has another instant).
async function pushedFromOf(workflow: Saved, c: Tx | ReturnType<typeof db>): Promise<string | null> {
  if (!workflow.savedById || !workflow.savedAt) return null;
  const link = await c.workflowCopy.findFirst({
    where: { copyWorkflowId: workflow.id, pushedById: workflow.savedById, pushedAt: workflow.savedAt },
    select: { sourceWorkspaceId: true },
  });
  if (!link) return null;
  const provider = await c.workspace.findUnique({ where: { id: link.sourceWorkspaceId }, select: { name: true } });
  return provider?.name ?? "your provider";
}

/** "Alex Smith (alex@example.com)", for a 409's message; "someone else" when not known. */
export const saverName = ({ savedBy, pushedFrom }: VersionSaver): string =>
  savedBy ? `${savedBy.name} (${savedBy.email})${pushedFrom !== undefined ? ` of ${pushedFrom}` : ""}` : "someone else";
