// A new workflow always starts in Draft; going Live is its own action (POST …/live).
import { assertStepConnections } from "@/lib/connections/assert-step-connections";
import { notFound } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import { unlessParentGone } from "@/lib/db/parent-gone";
import { toJsonField } from "@/lib/db/to-json-field";
import { requireWorkspaceRole } from "@/lib/workspaces/access";
import type { WorkflowInput } from "@/lib/workflows/definition";
import { lockSecretKey } from "@/lib/secrets/lock-secret-key";
import { prepareSteps, setsSharedSecret } from "@/lib/workflows/prepare-steps";
import { readWorkflowView } from "@/lib/workflows/read-workflow-view";
import type { WorkflowView } from "@/lib/workflows/to-workflow-view";
import { savedFields } from "@/lib/workflows/version-saver";

/** Set by a blueprint install: where the workflow came from (install-blueprint.ts). */
export type WorkflowOrigin = { blueprintSlug: string; blueprintVersion: number; blueprintSetup: unknown; blueprintConnections: unknown };

export type CreateWorkflowOptions = { workspaceId: string; userId: string; input: WorkflowInput; origin?: WorkflowOrigin; tx?: Tx };

export async function createWorkflow({ workspaceId, userId, input, origin, tx }: CreateWorkflowOptions): Promise<WorkflowView> {
  const write = async (t: Tx) => {
    await requireWorkspaceRole(userId, workspaceId, "editor", t);
    const steps = prepareSteps({ input: input.steps });
    await assertStepConnections({ workspaceId, steps, tx: t });
    if (setsSharedSecret(input.steps)) await lockSecretKey(t);
    const workflow = await t.workflow.create({
      data: {
        workspaceId,
        name: input.name,
        steps: toJsonField(steps),
        ...savedFields(userId, 1),
        ...(origin && {
          blueprintSlug: origin.blueprintSlug,
          blueprintVersion: origin.blueprintVersion,
          blueprintSetup: toJsonField(origin.blueprintSetup),
          blueprintConnections: toJsonField(origin.blueprintConnections),
        }),
      },
    });
    return readWorkflowView({ workflow, tx: t });
  };
  // A workspace deleted meanwhile: its 404, as once it is gone (parent-gone.ts).
  return unlessParentGone("workspaceId", () => notFound("workspace"), () => (tx ? write(tx) : db().$transaction(write)));
}
