import { z } from "@/lib/z";
import { apiRoute, readJson } from "@/lib/api/handler";
import { createWorkflow } from "@/lib/workflows/create-workflow";
import { listWorkflows } from "@/lib/workflows/list-workflows";
import { parseWorkflowInput } from "@/lib/workflows/parse-workflow-input";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

type Params = { workspaceId: string };

export const GET = apiRoute<Params>(({ params, user }) => listWorkflows({ workspaceId: params.workspaceId, userId: user.id }));

export const POST = apiRoute<Params>(
  async ({ req, params, user }) => {
    await requireWorkspaceRole(user.id, params.workspaceId, "editor");
    return createWorkflow({ workspaceId: params.workspaceId, userId: user.id, input: parseWorkflowInput(await readJson(req, z.unknown(), { exactIntegers: true }), { creating: true }) });
  },
  { status: 201 },
);

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);
