// The number and name of steps in their workflows as they are at this moment, keyed
// "<workflowId> <stepId>". recordAuditEvent asks it inside the action's transaction, so an event
// about a step keeps the step as it was then (a later rename or delete does not rewrite the log);
// listAuditEvents asks it only for events recorded before that, which kept just the step's id.
import { db, type Tx } from "@/lib/db/client";

export type StepName = { number: number; name: string };

export async function findStepNames({ workflowIds, tx }: { workflowIds: string[]; tx?: Tx }): Promise<Map<string, StepName>> {
  const out = new Map<string, StepName>();
  if (workflowIds.length === 0) return out;
  // Only ids and names from the definition: its Testing data can be large.
  const found = await (tx ?? db()).$queryRaw<{ workflowId: string; stepId: string; name: string | null; number: bigint }[]>`
    SELECT w.id AS "workflowId", s.value->>'id' AS "stepId", s.value->>'name' AS name, s.ordinality AS number
      FROM "Workflow" w, json_array_elements(CASE WHEN json_typeof(w.steps) = 'array' THEN w.steps ELSE '[]'::json END) WITH ORDINALITY s
     WHERE w.id = ANY(${workflowIds}::text[])`;
  for (const f of found) out.set(`${f.workflowId} ${f.stepId}`, { number: Number(f.number), name: f.name ?? "" });
  return out;
}
