// Deletes the ids "was already seen" rules recorded once their window is over (expiresAt, set
// from the rule's days when recorded), so the table holds at most a window's worth of each
// workflow's events. Part of the retention pass; in batches, so no delete holds many rows locked
// while runs record new ids.
import { db } from "@/lib/db/client";

const BATCH = 5_000;

export async function pruneSeenKeys(now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db().$executeRaw`
      DELETE FROM "WorkflowSeenKey" WHERE ctid IN (
        SELECT ctid FROM "WorkflowSeenKey" WHERE "expiresAt" < ${now} LIMIT ${BATCH})`;
    total += n;
    if (n < BATCH) return total;
  }
}
