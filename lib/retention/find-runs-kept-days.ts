// How many days the Runs page's workspaces keep finished runs (the operator's RETENTION_RUN_DAYS
// or a workspace's own runDays): a provider's list with its clients spans workspaces that may keep
// them for different lengths, so the shortest and the longest. The page offers windows up to the
// longest and says when the window reaches past the shortest — older runs there are gone.
import { db } from "@/lib/db/client";
import { retentionSettings } from "@/lib/retention/run-retention";
import { effectiveRetention, readWorkspaceRetention } from "@/lib/retention/workspace-retention";

export async function findRunsKeptDays(opts: { workspaceId: string; clients: boolean }): Promise<{ shortest: number; longest: number }> {
  const rows = await db().workspace.findMany({
    where: opts.clients ? { OR: [{ id: opts.workspaceId }, { providerId: opts.workspaceId }] } : { id: opts.workspaceId },
    select: { retention: true },
  });
  const defaults = retentionSettings();
  const days = rows.map((w) => effectiveRetention(defaults, readWorkspaceRetention(w.retention)).runDays);
  if (days.length === 0) return { shortest: defaults.runDays, longest: defaults.runDays };
  return { shortest: Math.min(...days), longest: Math.max(...days) };
}
