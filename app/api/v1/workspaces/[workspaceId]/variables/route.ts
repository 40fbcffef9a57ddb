// A workspace's variables and secrets; secrets read back as {key, secret, hasValue} only.
import { apiRoute } from "@/lib/api/handler";
import { listVariables } from "@/lib/variables/list-variables";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const GET = apiRoute<{ workspaceId: string }>(async ({ params, user }) => ({
  variables: await listVariables({ workspaceId: params.workspaceId, userId: user.id }),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
