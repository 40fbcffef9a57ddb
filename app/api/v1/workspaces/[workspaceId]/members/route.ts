// GET: the workspace's members (anyone who can see it), and for a client its provider's members
// who also act there (`provider`). POST {"email","name"?,"role"}: give
// someone a role (owner) → 201 {"member", "temporaryPassword"?}; the password only when an
// account was created for them, and only in this answer.
import { apiRoute, readJson } from "@/lib/api/handler";
import { addMember } from "@/lib/members/add-member";
import { listMembers } from "@/lib/members/list-members";
import { AddMemberBody } from "@/lib/members/member-schema";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export const GET = apiRoute<{ workspaceId: string }>(({ params, user }) => listMembers({ workspaceId: params.workspaceId, userId: user.id }));

export const POST = apiRoute<{ workspaceId: string }>(async ({ req, params, user }) => {
  await requireWorkspaceRole(user.id, params.workspaceId, "owner");
  const input = await readJson(req, AddMemberBody);
  const result = await addMember({ workspaceId: params.workspaceId, actor: user, input });
  return Response.json(result, { status: 201, headers: { "cache-control": "no-store" } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);
