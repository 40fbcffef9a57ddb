// POST …/seen-ids/check: whether the workflow remembers an id, and until when — the id turned into
// text and hashed exactly as the rule does (hash-seen-id.ts), so "42" finds what a
// delivery's 42 recorded. Only a lookup: readable by a viewer, nothing recorded.
import { db } from "@/lib/db/client";
import { hashSeenId } from "@/lib/seen-ids/hash-seen-id";
import { readSeenWindow } from "@/lib/seen-ids/read-seen-window";
import { HASH_PREFIX_LENGTH, remembered, seenIdEntry, seenKeyColumns, type SeenKeyRow } from "@/lib/seen-ids/seen-id-sql";
import type { SeenIdCheck } from "@/lib/seen-ids/seen-id-input";
import { loadWorkflow } from "@/lib/workflows/load-workflow";
import { storedSteps } from "@/lib/workflows/stored-steps";

export async function checkSeenId({ workflowId, userId, value }: { workflowId: string; userId: string; value: string | number | boolean }): Promise<SeenIdCheck> {
  const window = readSeenWindow(storedSteps(await loadWorkflow({ workflowId, userId, role: "viewer" })));
  const keyHash = hashSeenId(value);
  const [row] = await db().$queryRaw<SeenKeyRow[]>`
    SELECT ${seenKeyColumns(window)} FROM "WorkflowSeenKey"
     WHERE "workflowId" = ${workflowId} AND "keyHash" = ${keyHash} AND ${remembered(window)}`;
  return row ? { remembered: true, ...seenIdEntry(row) } : { remembered: false, hashPrefix: keyHash.slice(0, HASH_PREFIX_LENGTH) };
}
