// GET: the workspace's invitation links not yet accepted (owners). POST {"role","note"?,
// "expiresInDays"?}: make one (owner) → 201 {"invitation","link"}; the link only in this answer.
import { apiRoute, readJson } from "@/lib/api/handler";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { requireWorkspaceRole } from "@/lib/workspaces/access";
import { createInvitation } from "@/lib/invitations/create-invitation";
import { CreateInvitationBody } from "@/lib/invitations/invitation-schema";
import { listInvitations } from "@/lib/invitations/list-invitations";

export const GET = apiRoute<{ workspaceId: string }>(({ params, user }) => listInvitations({ workspaceId: params.workspaceId, userId: user.id }));

export const POST = apiRoute<{ workspaceId: string }>(async ({ req, params, user }) => {
  await requireWorkspaceRole(user.id, params.workspaceId, "owner");
  const input = await readJson(req, CreateInvitationBody);
  const result = await createInvitation({ workspaceId: params.workspaceId, actor: user, input });
  return Response.json(result, { status: 201, headers: { "cache-control": "no-store" } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);
