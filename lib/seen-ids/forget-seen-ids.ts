// DELETE …/seen-ids: forgets one id ({"value"}) or every id ({"all": true}) the workflow's "was
// already seen" rules remember, so a technician can let a legitimate resend through (the first
// run failed on a bug since fixed) — the next delivery with that id runs on and is recorded anew.
// For who may edit the workflow; audited (seen_ids_forgotten: how many, and the forgotten id's
// hash prefix, never the id itself). An id not remembered is a 404 saying so, not a silent 200:
// a typo would otherwise read as done while the resend still stops.
import { AppError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { recordWorkflowEvent } from "@/lib/audit/record-workflow-event";
import { hashSeenId } from "@/lib/seen-ids/hash-seen-id";
import { readSeenWindow } from "@/lib/seen-ids/read-seen-window";
import { HASH_PREFIX_LENGTH, remembered } from "@/lib/seen-ids/seen-id-sql";
import type { SeenIdForgetInput, SeenIdsForgotten } from "@/lib/seen-ids/seen-id-input";
import { loadWorkflow } from "@/lib/workflows/load-workflow";
import { storedSteps } from "@/lib/workflows/stored-steps";

export async function forgetSeenIds({ workflowId, userId, input }: { workflowId: string; userId: string; input: SeenIdForgetInput }): Promise<SeenIdsForgotten> {
  const keyHash = input.value === undefined ? null : hashSeenId(input.value);
  return db().$transaction(async (tx) => {
    const workflow = await loadWorkflow({ workflowId, userId, role: "editor", tx });
    const window = readSeenWindow(storedSteps(workflow));
    // Rows past their window that retention has not deleted yet go too, but are not counted:
    // they were no longer remembered.
    const one = keyHash === null ? Prisma.empty : Prisma.sql`AND "keyHash" = ${keyHash}`;
    const deleted = await tx.$queryRaw<{ remembered: boolean }[]>`
      DELETE FROM "WorkflowSeenKey" WHERE "workflowId" = ${workflowId} ${one} RETURNING ${remembered(window)} AS remembered`;
    const forgotten = deleted.filter((d) => d.remembered).length;
    if (keyHash !== null && forgotten === 0) {
      throw new AppError(404, "seen_id_not_found", `${JSON.stringify(input.value)} is not remembered by this workflow: no live run got to its "was already seen" rule with it within the window, so its next delivery already runs on`, {
        hashPrefix: keyHash.slice(0, HASH_PREFIX_LENGTH),
      });
    }
    const [{ count }] = await tx.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM "WorkflowSeenKey" WHERE "workflowId" = ${workflowId} AND ${remembered(window)}`;
    if (forgotten > 0) {
      await recordWorkflowEvent({
        workflow,
        userId,
        action: "seen_ids_forgotten",
        details: keyHash === null ? { all: true, forgotten } : { all: false, forgotten, hashPrefix: keyHash.slice(0, HASH_PREFIX_LENGTH) },
        tx,
      });
    }
    return { forgotten, count };
  });
}
