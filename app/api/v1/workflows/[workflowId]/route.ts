import { z } from "@/lib/z";
import { apiRoute, readJson } from "@/lib/api/handler";
import { jsonWithETag } from "@/lib/api/json-with-etag";
import { deleteWorkflow } from "@/lib/workflows/delete-workflow";
import { getWorkflow } from "@/lib/workflows/get-workflow";
import { parseWorkflowInput } from "@/lib/workflows/parse-workflow-input";
import { updateWorkflow } from "@/lib/workflows/update-workflow";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { requireWorkflowRole } from "@/lib/workflows/require-workflow-role";

type Params = { workflowId: string };

// ETag / If-None-Match → 304: the editor's 10 s poll then costs no body while nothing changed.
export const GET = apiRoute<Params>(async ({ req, params, user }) => jsonWithETag(req, await getWorkflow({ workflowId: params.workflowId, userId: user.id })));

export const PUT = apiRoute<Params>(async ({ req, params, user }) => {
  await requireWorkflowRole({ workflowId: params.workflowId, userId: user.id, role: "editor" });
  return updateWorkflow({ workflowId: params.workflowId, userId: user.id, input: parseWorkflowInput(await readJson(req, z.unknown(), { exactIntegers: true })) });
});

// 204 No Content.
export const DELETE = apiRoute<Params>(({ params, user }) => deleteWorkflow({ workflowId: params.workflowId, userId: user.id }));

export const { POST, PATCH, OPTIONS } = methodNotAllowed(["GET", "PUT", "DELETE"]);
