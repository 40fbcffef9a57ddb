// DELETE: revoke an invitation link not yet accepted (owner) → 204; it stops working at once.
import { apiRoute } from "@/lib/api/handler";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { revokeInvitation } from "@/lib/invitations/revoke-invitation";

export const DELETE = apiRoute<{ workspaceId: string; invitationId: string }>(async ({ params, user }) => {
  await revokeInvitation({ workspaceId: params.workspaceId, invitationId: params.invitationId, actor: user });
});

export const { GET, POST, PUT, PATCH, OPTIONS } = methodNotAllowed(["DELETE"]);
