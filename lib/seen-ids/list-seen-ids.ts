// GET …/seen-ids: how many ids the workflow's "was already seen" rules remember now, since when,
// and a page of them, newest first. Readable by a viewer. Ids past their window that retention has
// not deleted yet are not listed: the rule no longer takes them as seen (nor ids first seen longer
// ago than the rules' window now, read-seen-window.ts).
import { badRequest } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { readSeenWindow } from "@/lib/seen-ids/read-seen-window";
import { remembered, seenIdEntry, seenKeyColumns, type SeenKeyRow } from "@/lib/seen-ids/seen-id-sql";
import type { SeenIdsView } from "@/lib/seen-ids/seen-id-input";
import { loadWorkflow } from "@/lib/workflows/load-workflow";
import { storedSteps } from "@/lib/workflows/stored-steps";

// A page's cursor: the last entry's first-seen time and hash, so a page stays right while runs
// record new ids above it.
const CURSOR = /^(\d{1,15})\.([0-9a-f]{64})$/;

export async function listSeenIds({ workflowId, userId, limit, before }: { workflowId: string; userId: string; limit: number; before: string | null }): Promise<SeenIdsView> {
  const cursor = before === null ? null : CURSOR.exec(before);
  if (before !== null && !cursor) throw badRequest(`before must be the nextBefore of an earlier answer; got "${before.slice(0, 40)}"`, { field: "before" });
  const window = readSeenWindow(storedSteps(await loadWorkflow({ workflowId, userId, role: "viewer" })));
  const after = cursor ? Prisma.sql`AND ("seenAt", "keyHash") < (${new Date(Number(cursor[1]))}, ${cursor[2]})` : Prisma.empty;
  const [[summary], rows] = await Promise.all([
    db().$queryRaw<{ count: number; oldest: Date | null; newest: Date | null }[]>`
      SELECT count(*)::int AS count, min("seenAt") AS oldest, max("seenAt") AS newest
        FROM "WorkflowSeenKey" WHERE "workflowId" = ${workflowId} AND ${remembered(window)}`,
    db().$queryRaw<SeenKeyRow[]>`
      SELECT ${seenKeyColumns(window)} FROM "WorkflowSeenKey"
       WHERE "workflowId" = ${workflowId} AND ${remembered(window)} ${after}
       ORDER BY "seenAt" DESC, "keyHash" DESC LIMIT ${limit + 1}`,
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    count: summary?.count ?? 0,
    oldestFirstSeenAt: summary?.oldest?.toISOString() ?? null,
    newestFirstSeenAt: summary?.newest?.toISOString() ?? null,
    ids: page.map(seenIdEntry),
    nextBefore: rows.length > limit && last ? `${last.seenAt.getTime()}.${last.keyHash}` : null,
  };
}
