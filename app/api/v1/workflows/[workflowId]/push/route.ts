// POST {"targetWorkspaceId", "sampleData": "keep" | "clear"}: pushes to exactly one client.
// 201 with the new copy, 200 when an existing copy was updated in place.
import { z } from "zod";
import { apiRoute, readJson } from "@/lib/api/handler";
import { pushWorkflow } from "@/lib/push/push-workflow";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

const body = z.object({ targetWorkspaceId: z.string().min(1), sampleData: z.enum(["keep", "clear"]) }).strict();

export const POST = apiRoute<{ workflowId: string }>(async ({ req, params, user }) => {
  const input = await readJson(req, body);
  const result = await pushWorkflow({ workflowId: params.workflowId, targetWorkspaceId: input.targetWorkspaceId, sampleData: input.sampleData, user });
  return Response.json(result, { status: result.created ? 201 : 200 });
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(["POST"]);
