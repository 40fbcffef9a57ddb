// Parses the body of a workflow save (POST create, PUT update). A problem inside a step is
// reported like the definition checks do — by 1-based step number, not by array index — so
// the editor can point at the step: `step 3 (HTTP Request): name: …`.
import { z, ZodError } from "zod";
import { AppError } from "@/lib/api/errors";
import { describeZodError } from "@/lib/api/handler";
import { STEP_CATALOG, type StepKind } from "@/lib/steps/catalog";
import { workflowInputSchema } from "@/lib/workflows/definition";

export const workflowWriteSchema = workflowInputSchema.extend({
  /** Optimistic concurrency: the version the client last read; a mismatch is 409. */
  version: z.number().int().positive().optional(),
});
export type WorkflowWrite = z.infer<typeof workflowWriteSchema>;

export function parseWorkflowInput(raw: unknown): WorkflowWrite {
  const r = workflowWriteSchema.safeParse(raw);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const [root, index, ...rest] = issue.path;
  if (root !== "steps" || typeof index !== "number") throw new AppError(400, "invalid_request", describeZodError(new ZodError([issue])));
  const rawStep = (raw as { steps: unknown[] }).steps[index] as { kind?: unknown } | undefined;
  const label = STEP_CATALOG[rawStep?.kind as StepKind]?.label;
  const field = rest.map(String).join(".");
  throw new AppError(400, "invalid_workflow", `step ${index + 1}${label ? ` (${label})` : ""}: ${field ? `${field}: ` : ""}${issue.message}`, {
    step: index + 1,
    field: field || null,
  });
}
