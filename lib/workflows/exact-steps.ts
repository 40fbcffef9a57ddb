// A workflow row with its Testing data read exactly. Prisma parses the json column with
// JSON.parse, which rounds an integer beyond double precision (a 64-bit ticket id typed as
// Testing data: 9007199254740993 reads …992), though the column holds it as written
// (to-json-field.ts). A definition whose Testing data may hold such a number is read again as
// text and parsed keeping them (parse-exact-json.ts), so a read, a test run, a push copy or a
// write of the steps back (a review's choices) has the data as typed. Only Testing data can
// hold one: any other number was a double when saved (parse-workflow-input.ts), and reads back
// the same either way. Rarely needed: one more query then.
import type { db, Tx } from "@/lib/db/client";
import type { Workflow } from "@/lib/generated/prisma/client.ts";
import { mayHaveRoundedIntegers, parseExactJson } from "@/lib/json/parse-exact-json";

type Row = Pick<Workflow, "id" | "steps" | "version">;

const testingDataOf = (step: unknown) => (step as { config?: { testingData?: unknown } } | null)?.config?.testingData;

/** Whether the steps, as Prisma read them, may have lost digits of an integer in Testing data. */
export const mayHaveRoundedTestingData = (steps: unknown): boolean => Array.isArray(steps) && steps.some((s) => mayHaveRoundedIntegers(testingDataOf(s)));

/**
 * The row with its steps read exactly; the row as it is when nothing in its Testing data may
 * have been rounded. The text is read at the row's version: should the workflow have been saved
 * in between (a read outside a transaction), the copy stays as read rather than mix two versions.
 */
export async function withExactSteps<W extends Row>(workflow: W, c: Tx | ReturnType<typeof db>): Promise<W> {
  if (!mayHaveRoundedTestingData(workflow.steps)) return workflow;
  const [row] = await c.$queryRaw<{ steps: string }[]>`
    SELECT steps::text AS steps FROM "Workflow" WHERE id = ${workflow.id} AND version = ${workflow.version}`;
  return row ? { ...workflow, steps: parseExactJson(row.steps) as W["steps"] } : workflow;
}
