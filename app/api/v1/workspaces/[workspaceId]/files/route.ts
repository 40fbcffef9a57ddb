// A workspace's files (metadata only; the bytes are at …/files/{name}).
import { apiRoute } from "@/lib/api/handler";
import { listFiles } from "@/lib/files/list-files";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

export const GET = apiRoute<{ workspaceId: string }>(async ({ params, user }) => ({
  files: await listFiles({ workspaceId: params.workspaceId, userId: user.id }),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
