// The stored definition of a workflow row. The JSON column is written only through
// prepareSteps, so its shape is trusted here; anything else reads as an empty workflow.
import type { Workflow } from "@/lib/generated/prisma/client.ts";
import type { Step } from "@/lib/workflows/definition";

export function storedSteps(workflow: Pick<Workflow, "steps">): Step[] {
  return Array.isArray(workflow.steps) ? (workflow.steps as unknown as Step[]) : [];
}
