// POST: a new temporary password for a member who forgot theirs (owner) → 200
// {"temporaryPassword"}, shown this once; the member must replace it at their next sign-in.
import { apiRoute } from "@/lib/api/handler";
import { resetMemberPassword } from "@/lib/members/reset-member-password";

export const POST = apiRoute<{ workspaceId: string; userId: string }>(async ({ params, user }) => {
  const result = await resetMemberPassword({ workspaceId: params.workspaceId, memberId: params.userId, actor: user });
  return Response.json(result, { headers: { "cache-control": "no-store" } });
});
