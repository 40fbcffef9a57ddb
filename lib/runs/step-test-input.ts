// Bodies of Run step (POST /api/v1/workflows/{id}/steps/{n}/test), all fields optional. Strict like
// the other write bodies: a misspelt "scope" is a 400 naming it instead of a test of the default scope.
// `version` and `stepId` say what the caller saw (the editor sends both): a workflow saved since, or
// step n now another step, is a 409 workflow_changed instead of a run of what they never saw.
import { seenVersion } from "@/lib/workflows/assert-version-seen";
import { z } from "@/lib/z";

const seen = {
  version: seenVersion,
  stepId: z.string().min(1).optional(),
};

/** Step 1 (the trigger): "step" runs the trigger alone, "workflow" the whole workflow. */
export const triggerTestInputSchema = z.strictObject({ scope: z.enum(["step", "workflow"]).optional(), ...seen });

/** A later step always runs alone. `fromRunId`: the run whose outputs of the earlier steps it
 *  reads (a failed delivery being debugged), instead of the newest run that has them. */
export const stepTestInputSchema = z.strictObject({ scope: z.literal("step").optional(), fromRunId: z.string().min(1).max(200).optional(), ...seen });
