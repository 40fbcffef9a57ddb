// The domain shape of a workflow definition, shared by the API, the editor and the worker.
// Steps are an ordered list with stable ids; numbers are positions (the trigger is step 1).
import { z } from "@/lib/z";
import { STEP_CATALOG, stepKindSchema, type StepKind } from "@/lib/steps/catalog";

export type Step = { id: string; kind: StepKind; name: string; config: Record<string, unknown> };

/** The longest workflow or step name a save accepts (the name inputs stop there too). */
export const NAME_MAX_LENGTH = 200;

export const stepInputSchema = z.object({
  id: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/).optional(),
  kind: stepKindSchema,
  name: z.string({ error: "must be text" }).max(NAME_MAX_LENGTH, `must be at most ${NAME_MAX_LENGTH} characters`).optional(),
  config: z.record(z.string(), z.unknown()).default({}),
});
export type StepInput = z.infer<typeof stepInputSchema>;

/** A save's steps, the whole ordered list. */
export const stepsInputSchema = z.array(stepInputSchema).max(500);

/** A new workflow's definition: without steps it starts empty. (A PUT without steps keeps the
 *  stored ones instead: lib/workflows/parse-workflow-input.ts.) */
export const workflowInputSchema = z.object({
  // The API's 400 reads "name: give the workflow a name" (the path is put before the message), a
  // PUT without one too, not zod's "Invalid input: expected string, received undefined".
  name: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? "give the workflow a name" : "must be text") })
    .trim()
    .min(1, "give the workflow a name")
    .max(NAME_MAX_LENGTH, `must be at most ${NAME_MAX_LENGTH} characters`),
  steps: stepsInputSchema.default([]),
});
export type WorkflowInput = z.infer<typeof workflowInputSchema>;

export const defaultStepName = (kind: StepKind) => STEP_CATALOG[kind].label;
