// One file. PUT takes the raw bytes as the body (Content-Type kept; at most 10 MB, else 413;
// 201 when new; with `If-None-Match: *` it only creates — 412 file_exists for a name that exists;
// with `If-Match: "<sha256>"` it only replaces those bytes — 412 file_changed; both 412s carry the
// current `file` and the `workflows` that read it; tag lists as RFC 9110 says, other values 400 —
// read-file-conditions.ts), GET returns them as an attachment (ETag: the
// sha256), DELETE removes the file (409 file_in_use while workflows read it, unless ?force=true).
import { readForce } from "@/lib/api/force-query";
import { apiRoute } from "@/lib/api/handler";
import { deleteFile } from "@/lib/files/delete-file";
import { fileNameSchema } from "@/lib/files/file-schema";
import { getFile } from "@/lib/files/get-file";
import { putFile } from "@/lib/files/put-file";
import { readFileConditions } from "@/lib/files/read-file-conditions";
import { readUpload } from "@/lib/files/read-upload";
import { requireWorkspaceRole } from "@/lib/workspaces/access";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";

type P = { workspaceId: string; name: string };

export const PUT = apiRoute<P>(async ({ req, params, user }) => {
  // Access first, so a foreign workspace answers 404 (a viewer 403) before the name is checked or
  // a byte of the body is read.
  await requireWorkspaceRole(user.id, params.workspaceId, "editor");
  const name = fileNameSchema.parse(params.name);
  const data = await readUpload(req);
  const contentType = req.headers.get("content-type")?.split(";")[0].trim() || "application/octet-stream";
  const { onlyIfNew, unlessSha256, ifSha256, weakIfSha256 } = readFileConditions(req.headers);
  const { file, created } = await putFile({ workspaceId: params.workspaceId, userId: user.id, name, contentType, data, onlyIfNew, unlessSha256, ifSha256, weakIfSha256 });
  return Response.json({ file }, { status: created ? 201 : 200 });
});

export const GET = apiRoute<P>(async ({ params, user }) => {
  const { file, data } = await getFile({ workspaceId: params.workspaceId, userId: user.id, name: params.name });
  return new Response(new Uint8Array(data), {
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.size),
      etag: `"${file.sha256}"`,
      "content-disposition": `attachment; filename="${file.name}"`,
      "x-content-type-options": "nosniff",
    },
  });
});

export const DELETE = apiRoute<P>(async ({ req, params, user }) => {
  await deleteFile({ workspaceId: params.workspaceId, userId: user.id, name: params.name, force: readForce(req) });
});

export const { POST, PATCH, OPTIONS } = methodNotAllowed(["GET", "PUT", "DELETE"]);
