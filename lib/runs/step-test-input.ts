// Bodies of Run step (POST /api/v1/workflows/{id}/steps/{n}/test), both optional. Strict like the
// other write bodies: a misspelt "scope" is a 400 naming it instead of a test of the default scope.
import { z } from "@/lib/z";

/** Step 1 (the trigger): "step" runs the trigger alone, "workflow" the whole workflow. */
export const triggerTestInputSchema = z.strictObject({ scope: z.enum(["step", "workflow"]).optional() });

/** A later step always runs alone. */
export const stepTestInputSchema = z.strictObject({ scope: z.literal("step").optional() });
