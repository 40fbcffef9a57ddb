// Installs the newest version of the workflow's blueprint as a new Draft, with the setup it was
// installed with (lib/blueprints/upgrade-blueprint.ts). No body. 201: the new workflow.
import { apiRoute } from "@/lib/api/handler";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { upgradeBlueprint } from "@/lib/blueprints/upgrade-blueprint";
import { requireWorkflowRole } from "@/lib/workflows/require-workflow-role";

type Params = { workflowId: string };

export const POST = apiRoute<Params>(
  async ({ params, user }) => {
    await requireWorkflowRole({ workflowId: params.workflowId, userId: user.id, role: "editor" });
    return upgradeBlueprint({ workflowId: params.workflowId, userId: user.id });
  },
  { status: 201 },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
