// PATCH {"role"}: change a member's role (owner). DELETE: remove a member (owner), or leave the
// workspace (the member themselves) → 204. The last owner of a provider workspace stays (409).
import { apiRoute, readJson } from "@/lib/api/handler";
import { changeMemberRole } from "@/lib/members/change-member-role";
import { ChangeRoleBody } from "@/lib/members/member-schema";
import { removeMember } from "@/lib/members/remove-member";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

type Params = { workspaceId: string; userId: string };

export const PATCH = apiRoute<Params>(async ({ req, params, user }) => {
  await requireWorkspaceRole(user.id, params.workspaceId, "owner");
  const { role } = await readJson(req, ChangeRoleBody);
  return changeMemberRole({ workspaceId: params.workspaceId, memberId: params.userId, role, actor: user });
});

export const DELETE = apiRoute<Params>(async ({ params, user }) => {
  await removeMember({ workspaceId: params.workspaceId, memberId: params.userId, actor: user });
});

export const { GET, POST, PUT, OPTIONS } = methodNotAllowed(["PATCH", "DELETE"]);
