// Who saved the workflow's current version, and when: what a save or an action refused for a newer
// save (409 version_conflict / workflow_changed) and the editor's conflict banner say — "Alex Smith
// (alex@…) saved a newer version 2 minutes ago" — instead of only "someone". Recorded by each save
// of the definition (`savedFields`); a version made another way (a push into a client's copy, the
// client's review) is not described by them, and then nobody is named rather than the wrong person.
import { db, type Tx } from "@/lib/db/client";
import type { Workflow } from "@/lib/generated/prisma/client.ts";

/** `savedBy` null: not known (saved before this was recorded, by a push, or the account is gone). */
export type VersionSaver = { savedBy: { name: string; email: string } | null; savedAt: string | null };

/** The columns a save of the definition writes beside its new `version`. */
export const savedFields = (userId: string, version: number) => ({ savedById: userId, savedAt: new Date(), savedVersion: version });

export async function loadVersionSaver(workflow: Pick<Workflow, "version" | "savedById" | "savedAt" | "savedVersion">, c: Tx | ReturnType<typeof db>): Promise<VersionSaver> {
  if (workflow.savedVersion !== workflow.version || !workflow.savedAt) return { savedBy: null, savedAt: null };
  const user = workflow.savedById ? await c.user.findUnique({ where: { id: workflow.savedById }, select: { name: true, email: true } }) : null;
  return { savedBy: user, savedAt: workflow.savedAt.toISOString() };
}

/** "Alex Smith (alex@example.com)", for a 409's message; "someone else" when not known. */
export const saverName = ({ savedBy }: VersionSaver): string => (savedBy ? `${savedBy.name} (${savedBy.email})` : "someone else");
