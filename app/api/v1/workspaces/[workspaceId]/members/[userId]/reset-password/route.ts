// POST {"revokeApiTokens"?: boolean} (body optional): a new temporary password for a member who
// forgot theirs, or whose account may be in the wrong hands (owner) → 200
// {"temporaryPassword","revokedApiTokens"}, the password shown this once; the member must replace
// it at their next sign-in. Their browser sessions end; their API tokens too when asked.
import { apiRoute, readJson } from "@/lib/api/handler";
import { resetMemberPassword, ResetPasswordBody } from "@/lib/members/reset-member-password";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { requireWorkspaceRole } from "@/lib/workspaces/access";

export const POST = apiRoute<{ workspaceId: string; userId: string }>(async ({ req, params, user }) => {
  await requireWorkspaceRole(user.id, params.workspaceId, "owner");
  const { revokeApiTokens } = await readJson(req, ResetPasswordBody);
  const result = await resetMemberPassword({ workspaceId: params.workspaceId, memberId: params.userId, actor: user, revokeApiTokens });
  return Response.json(result, { headers: { "cache-control": "no-store" } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
