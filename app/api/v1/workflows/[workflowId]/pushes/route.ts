// Per client with a copy of this workflow: the version it has and up_to_date / behind / edited_by_client.
import { apiRoute } from "@/lib/api/handler";
import { listPushedCopies } from "@/lib/push/list-pushed-copies";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const GET = apiRoute<{ workflowId: string }>(async ({ params, user }) => ({
  copies: await listPushedCopies({ workflowId: params.workflowId, userId: user.id }),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
