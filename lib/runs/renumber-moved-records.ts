// A step moved by an edit while a run was parked keeps its record, under the number it ran as.
// The resumed run writes the steps it still executes under their numbers now, so without this
// two records could share a number (the Wait moved ahead of a step that had run: both "2") and
// another number be missing. The records of steps still in the workflow take their numbers now,
// which is also how the run view names them; a removed step's record keeps its old number.
import { db } from "@/lib/db/client";
import type { StepRecord } from "@/lib/runs/run-records";
import type { Step } from "@/lib/workflows/definition";

export type RenumberMovedRecordsOptions = { runId: string; steps: readonly Step[]; records: ReadonlyMap<string, StepRecord> };

/** Updates the records whose step has moved; no query in the usual case (nothing moved). */
export async function renumberMovedRecords({ runId, steps, records }: RenumberMovedRecordsOptions): Promise<void> {
  const moved = steps.flatMap((s, i) => {
    const rec = records.get(s.id);
    return rec && rec.number !== i + 1 ? [{ stepId: s.id, number: i + 1 }] : [];
  });
  if (moved.length === 0) return;
  await db().$executeRaw`
    UPDATE "RunStep" AS t SET "number" = x."number"
    FROM json_to_recordset(${JSON.stringify(moved)}::json) AS x("stepId" text, "number" int)
    WHERE t."runId" = ${runId} AND t."stepId" = x."stepId"`;
}
