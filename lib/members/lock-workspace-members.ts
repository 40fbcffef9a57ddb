// Serialises the changes that can take an owner away (a role change, a removal): each
// transaction takes this lock first, so "is there another owner?" stays true until it commits. Without it two owners demoting each other at once both saw the other still owner,
// and a provider ended with none.
import type { Tx } from "@/lib/db/client";

export async function lockWorkspaceMembers(tx: Tx, workspaceId: string): Promise<void> {
  // NO KEY UPDATE: serialises these transactions with each other, but not with the foreign-key
  // checks of everything else written into the workspace meanwhile (workflows, runs, audit).
  await tx.$queryRaw`SELECT 1 FROM "Workspace" WHERE id = ${workspaceId} FOR NO KEY UPDATE`;
}
