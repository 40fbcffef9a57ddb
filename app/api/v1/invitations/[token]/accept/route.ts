// POST: the signed-in caller accepts an invitation link → 200 {"workspaceId","member"}; 409
// already_member (the link stays usable), 410 used or expired, 404 unknown or revoked.
import { apiRoute } from "@/lib/api/handler";
import { methodNotAllowed } from "@/lib/api/method-not-allowed";
import { acceptInvitation } from "@/lib/invitations/accept-invitation";

export const POST = apiRoute<{ token: string }>(({ params, user }) => acceptInvitation({ token: params.token, user }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
